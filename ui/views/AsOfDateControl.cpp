#include "views/AsOfDateControl.h"

#include "views/ChartPalette.h"

#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace recollector::ui {

AsOfDateControl::AsOfDateControl(QWidget *parent)
    : QWidget(parent), m_label(new QLabel(this)), m_edit(new QDateTimeEdit(this)), m_nowButton(new QPushButton(this)),
      m_status(new QLabel(this))
{
    m_edit->setCalendarPopup(true);
    m_edit->setTimeSpec(Qt::LocalTime);
    m_edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    m_edit->setKeyboardTracking(false);
    m_status->setTextFormat(Qt::PlainText);
    QFont bold = m_status->font();
    bold.setBold(true);
    m_status->setFont(bold);
    m_label->setBuddy(m_edit);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->setSpacing(6);
    layout->addWidget(m_label);
    layout->addWidget(m_edit);
    layout->addWidget(m_nowButton);
    layout->addWidget(m_status);

    connect(m_edit, &QDateTimeEdit::dateTimeChanged, this, [this] {
        if (!m_syncing)
            dateEdited(m_edit->dateTime().toMSecsSinceEpoch());
    });
    connect(m_nowButton, &QPushButton::clicked, this, [this] { nowPressed(); });
}

QString AsOfDateControl::dayOrMinute(core::Millis at)
{
    const QDateTime local = QDateTime::fromMSecsSinceEpoch(at, Qt::LocalTime);
    // Midnight reads as a date; anything else needs the time to be honest.
    return local.time() == QTime(0, 0) ? local.toString(QStringLiteral("yyyy-MM-dd"))
                                       : local.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

void AsOfDateControl::showState(bool inForce, core::Millis shown, const QString &badge)
{
    m_syncing = true;
    if (inForce || !m_edit->hasFocus())
        m_edit->setDateTime(QDateTime::fromMSecsSinceEpoch(shown, Qt::LocalTime));
    m_syncing = false;

    m_nowButton->setEnabled(inForce);
    m_status->setVisible(inForce);
    m_status->setText(inForce ? badge : QString());
    setAutoFillBackground(inForce);
    QPalette pal;
    if (inForce) {
        pal = palette();
        pal.setColor(QPalette::Window, ChartPalette::previewBackground());
        pal.setColor(QPalette::WindowText, ChartPalette::previewText());
    }
    setPalette(pal);
}

} // namespace recollector::ui
