#include "views/PastContentsBanner.h"

#include "StoreSession.h"
#include "views/ChartPalette.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

#include <algorithm>
#include <limits>

namespace recollector::ui {

PastContentsBanner::PastContentsBanner(StoreSession *session, QWidget *parent)
    : QFrame(parent), m_session(session), m_text(new QLabel(this)), m_back(new QPushButton(tr("Back to Now"), this))
{
    setObjectName(QStringLiteral("pastContentsBanner"));
    m_text->setObjectName(QStringLiteral("pastContentsText"));
    m_back->setObjectName(QStringLiteral("pastBackToNowButton"));
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    setAutoFillBackground(true);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, ChartPalette::previewBackground());
    pal.setColor(QPalette::WindowText, ChartPalette::previewText());
    setPalette(pal);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_back);
    connect(m_back, &QPushButton::clicked, this, [this] {
        if (m_session)
            m_session->setContentsAt(0);
    });
    if (session)
        connect(session, &StoreSession::contentsAtChanged, this, &PastContentsBanner::sync);
    sync();
}

QString PastContentsBanner::text() const { return isHidden() ? QString() : m_text->text(); }

void PastContentsBanner::sync()
{
    const bool past = m_session && m_session->isShowingPast();
    setVisible(past);
    if (!past)
        return;
    const QString when =
        QLocale().toString(QDateTime::fromMSecsSinceEpoch(m_session->contentsAt(), Qt::LocalTime), QLocale::LongFormat);
    if (m_session->isRebuildingPast()) {
        m_text->setText(tr("Rebuilding the memories as they were on %1 from their history…").arg(when));
        return;
    }
    QStringList lines { tr("Showing the memories as they were on %1; editing is off.").arg(when) };
    if (const core::ContentsAsOf *past = m_session->pastContents()) {
        const int inexact = int(past->inexact.size());
        if (inexact == 1)
            lines << tr("1 memory could not be rebuilt exactly: a later change did not keep what it said before.");
        else if (inexact > 1)
            lines << tr("%n memories could not be rebuilt exactly: a later change did not keep what they said before.",
                        nullptr, inexact);
        const int unrecorded = int(std::min<qint64>(past->unrecordedCreations, std::numeric_limits<int>::max()));
        if (unrecorded == 1)
            lines << tr("1 memory was written without a history: it is shown as it is now.");
        else if (unrecorded > 1)
            lines << tr("%n memories were written without a history: they are shown as they are now.", nullptr, unrecorded);
    }
    m_text->setText(lines.join(QLatin1Char(' ')));
}

} // namespace recollector::ui
