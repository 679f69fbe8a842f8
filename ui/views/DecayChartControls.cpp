#include "views/DecayChartControls.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace recollector::ui {

DecayChartControls::DecayChartControls(QWidget *parent)
    : QWidget(parent), m_range(new QComboBox(this)), m_zoomOut(new QToolButton(this)), m_zoomIn(new QToolButton(this)),
      m_label(new QLabel(tr("Time range:"), this)), m_key(new QLabel(this))
{
    setObjectName(QStringLiteral("decayChartControls"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 6, 0);
    layout->setSpacing(4);

    m_range->setObjectName(QStringLiteral("chartRangeBox"));
    for (int i = 0; i < ChartTimeRange::kSpanCount; ++i)
        m_range->addItem(ChartTimeRange::spanName(ChartTimeRange::Span(i)), i);
    m_range->setPlaceholderText(tr("Zoomed"));
    m_range->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    const QString how = tr("Turn the mouse wheel over the chart to zoom in or out; drag it to move in time.");
    m_range->setToolTip(tr("Which dates the chart shows. \"Whole life\" runs from the memory's creation to "
                           "when its projection fades below the last tier line.\n%1").arg(how));
    m_label->setBuddy(m_range);

    m_zoomOut->setObjectName(QStringLiteral("chartZoomOutButton"));
    m_zoomOut->setText(QStringLiteral("−"));
    m_zoomOut->setToolTip(tr("Show a longer time (zoom out)\n%1").arg(how));
    m_zoomOut->setAccessibleName(tr("Zoom out"));
    m_zoomIn->setObjectName(QStringLiteral("chartZoomInButton"));
    m_zoomIn->setText(QStringLiteral("+"));
    m_zoomIn->setToolTip(tr("Show a shorter time in more detail (zoom in)\n%1").arg(how));
    m_zoomIn->setAccessibleName(tr("Zoom in"));
    for (QToolButton *b : {m_zoomOut, m_zoomIn})
        b->setAutoRaise(true);

    m_key->setObjectName(QStringLiteral("chartMarkerKey"));
    m_key->setTextFormat(Qt::PlainText);
    m_key->setText(tr("● reinforced   ▲ negated   ◆ edited   • recalled"));
    m_key->setToolTip(tr("Marks on a curve: when the memory was reinforced (used or confirmed), negated "
                         "(said to be wrong), edited, or recalled by the assistant. Each takes its memory's colour."));
    QPalette keyPalette = m_key->palette();
    keyPalette.setColor(QPalette::WindowText, keyPalette.color(QPalette::PlaceholderText).darker(140));
    m_key->setPalette(keyPalette);

    layout->addWidget(m_label);
    layout->addWidget(m_range);
    layout->addWidget(m_zoomOut);
    layout->addWidget(m_zoomIn);
    layout->addStretch(1);
    layout->addWidget(m_key);

    connect(m_range, &QComboBox::activated, this,
            [this](int index) { Q_EMIT spanChosen(ChartTimeRange::Span(m_range->itemData(index).toInt())); });
    connect(m_zoomIn, &QToolButton::clicked, this, &DecayChartControls::zoomInClicked);
    connect(m_zoomOut, &QToolButton::clicked, this, &DecayChartControls::zoomOutClicked);
}

void DecayChartControls::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // A narrow chart keeps its range controls and drops the key (the markers' tooltips say
    // what each one is) rather than cutting it.
    int used = layout()->contentsMargins().left() + layout()->contentsMargins().right();
    for (QWidget *w : {static_cast<QWidget *>(m_label), static_cast<QWidget *>(m_range), static_cast<QWidget *>(m_zoomOut),
                       static_cast<QWidget *>(m_zoomIn), static_cast<QWidget *>(m_key)})
        used += w->sizeHint().width() + layout()->spacing();
    m_key->setVisible(used + 12 <= width());
}

void DecayChartControls::showSpan(ChartTimeRange::Span span, bool zoomed)
{
    m_range->setCurrentIndex(zoomed ? -1 : m_range->findData(int(span)));
}

} // namespace recollector::ui
