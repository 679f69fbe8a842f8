#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QPolygonF>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace recollector::ui {

/// One memory in the association graph: a disc in its tier colour, a readable label (the
/// content elided; the whole content, as plain text, in the tooltip), a halo by spreading
/// activation and an amber ring when it lies on an activation path. Level of detail: when
/// zoomed out (or in the overview) it paints a plain dot and no label.
///
/// Labels have kLabelWidth scene pixels of room (but at least kMinLabelRoom on screen), and
/// their letters do not simply scale with the zoom (setZoom): zoomed out they stay at least
/// kMinLabelPixels high on screen (fewer letters fit), zoomed in they grow slowly, so the
/// room holds more letters, and from zoom 1.5 more lines (up to kMaxLabelLines). Below
/// kMinLabelZoom only the discs are drawn.
class GraphNodeItem final : public QGraphicsItem
{
public:
    enum { Type = UserType + 101 };
    enum class LabelMode {
        None,    ///< no label (overview)
        Below,   ///< horizontal, centred under the disc
        Outward, ///< level, on the node's side away from the scene origin (outer ring of an ego graph)
    };
    static constexpr int kLabelWidth = 150; ///< label width in scene pixels before eliding
    static constexpr int kWideLabelWidth = 260; ///< where the neighbours leave room (setWideLabel)
    static constexpr double kMinLabelPixels = 10; ///< label letters never smaller on screen
    static constexpr double kMinLabelRoom = 84;   ///< screen pixels a label may always take
    static constexpr double kMinLabelZoom = 0.3;
    static constexpr int kMaxLabelLines = 3;

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
    /// The view's scale (1 = one scene pixel per screen pixel): picks the label's letter
    /// size and how much of the text it shows.
    void setZoom(double zoom);
    double zoom() const { return m_zoom; }
    /// The label as drawn at the current zoom (lines joined by '\n'; empty = none).
    QString shownLabel() const { return m_lines.join(QLatin1Char('\n')); }
    /// Scene pixels per label font pixel: labelFont() × labelScale() × zoom() = screen pixels.
    double labelScale() const { return m_labelScale; }
    /// Where the label is drawn, in scene coordinates (turned with a radial label); empty
    /// without a label.
    QPolygonF labelPolygon() const;
    /// A label that would cover a more important one is left out (the view decides; the
    /// tooltip still has the text). Zooming in makes room for it again.
    void setLabelCovered(bool covered);
    /// kWideLabelWidth instead of kLabelWidth (the view tries it where there is room).
    void setWideLabel(bool wide);
    bool isLabelShown() const { return !m_lines.isEmpty() && !m_labelCovered; }
    /// The label's width limit in scene pixels at the current zoom.
    double labelRoom() const { return std::max<double>(m_wide ? kWideLabelWidth : kLabelWidth, kMinLabelRoom / m_zoom); }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    /// The label's font (scene pixels), shared by every node.
    static QFont labelFont(bool bold);

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    void updateGeometry();
    /// Where a `w` × `h` label of the outer ring goes, in item coordinates.
    QRectF outwardLabelRect(double w, double h) const;

    QString m_id;
    double m_radius;
    QColor m_color = Qt::gray;
    QString m_label;
    QString m_oneLine;
    QStringList m_lines;
    QString m_elidedCompact;
    double m_zoom = 1;
    double m_labelScale = 1;
    bool m_labelCovered = false;
    bool m_wide = false;
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

} // namespace recollector::ui
