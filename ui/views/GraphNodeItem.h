#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QString>

namespace engram::ui {

/// One memory in the association graph: a disc in its tier colour, a readable label (the
/// content elided; the whole content, as plain text, in the tooltip), a halo by spreading
/// activation and an amber ring when it lies on an activation path. Level of detail: when
/// zoomed out (or in the overview) it paints a plain dot and no label.
class GraphNodeItem final : public QGraphicsItem
{
public:
    enum { Type = UserType + 101 };
    enum class LabelMode {
        None,   ///< no label (overview)
        Below,  ///< horizontal, centred under the disc
        Radial, ///< along the ray from the scene origin, outward (outer ring of an ego graph)
    };
    static constexpr int kLabelWidth = 150; ///< label width in scene pixels before eliding

    GraphNodeItem(QString id, double radius, QGraphicsItem *parent = nullptr);

    int type() const override { return Type; }
    const QString &memoryId() const { return m_id; }
    double radius() const { return m_radius; }

    void setColor(const QColor &color);
    QColor color() const { return m_color; }
    /// `text` is shown elided to kLabelWidth; always drawn as plain text.
    void setLabel(const QString &text, LabelMode mode, bool bold = false);
    QString label() const { return m_label; }
    LabelMode labelMode() const { return m_labelMode; }
    /// The tooltip: `content` as plain text (markup in it is shown, not interpreted).
    void setContentToolTip(const QString &title, const QString &content);
    void setCentre(bool centre);
    bool isCentre() const { return m_centre; }
    /// 0..1; 0 = not reached. The halo grows and brightens with it.
    void setActivation(double activation);
    double activation() const { return m_activation; }
    void setOnPath(bool onPath);
    bool isOnPath() const { return m_onPath; }
    /// 0..1: how far the activation animation has reached this node (1 = fully shown).
    void setReveal(double reveal);
    /// Overview painting: a dot, label only when zoomed in close.
    void setCompact(bool compact);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    /// The label's font (scene pixels), shared by every node.
    static QFont labelFont(bool bold);

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    void updateGeometry();
    /// The label's rectangle and the transform placing it in item coordinates.
    QTransform labelTransform() const;

    QString m_id;
    double m_radius;
    QColor m_color = Qt::gray;
    QString m_label;
    QString m_elided;
    QString m_elidedCompact;
    LabelMode m_labelMode = LabelMode::None;
    bool m_bold = false;
    bool m_centre = false;
    bool m_onPath = false;
    bool m_compact = false;
    double m_activation = 0;
    double m_reveal = 1;
    QRectF m_labelRect;
    QRectF m_bounds;
};

} // namespace engram::ui
