#include "views/ConflictMemoryPane.h"

#include "StoreSession.h"
#include "text/MaskedText.h"
#include "views/ChartPalette.h"
#include "views/DecayChartView.h"
#include "text/EventText.h"
#include "views/HistoryView.h"
#include "text/TierText.h"
#include "text/ScoringText.h"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTextEdit>
#include <QVBoxLayout>

namespace recollector::ui {

namespace {

QString when(core::Millis at, core::Millis now)
{
    if (at == 0)
        return QStringLiteral("—");
    return QStringLiteral("%1 (%2)").arg(EventText::localTime(at), EventText::relative(at, now));
}

} // namespace

ConflictMemoryPane::ConflictMemoryPane(StoreSession *session, const QString &side, QWidget *parent)
    : QGroupBox(parent), m_session(session), m_side(side)
{
    setObjectName(QStringLiteral("pane") + side);
    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(6);

    m_content = new QTextEdit(this);
    m_content->setObjectName(QStringLiteral("content"));
    m_content->setReadOnly(true);
    m_content->setAcceptRichText(false);
    m_content->setTabChangesFocus(true);
    QFont contentFont = m_content->font();
    contentFont.setPointSizeF(contentFont.pointSizeF() * 1.08);
    m_content->setFont(contentFont);
    // Three lines show most memories whole; a longer one scrolls.
    const int frame = 2 * m_content->frameWidth() + 2 * int(m_content->document()->documentMargin());
    m_content->setFixedHeight(QFontMetrics(contentFont).lineSpacing() * 3 + frame + 2);
    layout->addWidget(m_content);

    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(3);
    addField(grid, 0, 0, QStringLiteral("category"), tr("Category"));
    addField(grid, 0, 2, QStringLiteral("confidence"), tr("Confidence"));
    addField(grid, 1, 0, QStringLiteral("created"), tr("Created"));
    addField(grid, 1, 2, QStringLiteral("score"), tr("Score"));
    addField(grid, 2, 0, QStringLiteral("reinforced"), tr("Reinforced"));
    addField(grid, 2, 2, QStringLiteral("scope"), tr("Scope"));
    addField(grid, 3, 0, QStringLiteral("source"), tr("Source"));
    addField(grid, 3, 2, QStringLiteral("state"), tr("State"));
    grid->setColumnStretch(1, 3);
    grid->setColumnStretch(3, 2);
    layout->addLayout(grid);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_history = new HistoryView(m_tabs);
    m_history->setObjectName(QStringLiteral("history"));
    m_chart = new DecayChartView(session, m_tabs);
    m_chart->setObjectName(QStringLiteral("chart"));
    m_chart->setCompact(true);
    m_tabs->addTab(m_history, tr("History"));
    m_tabs->addTab(m_chart, tr("Decay curve"));
    layout->addWidget(m_tabs, 1);

    m_show = new QPushButton(tr("Show in table"), this);
    m_show->setObjectName(QStringLiteral("showButton"));
    m_show->setAutoDefault(false);
    connect(m_show, &QPushButton::clicked, this, [this] {
        if (!m_memory.id.isEmpty())
            Q_EMIT memoryActivated(m_memory.id);
    });
    m_tabs->setCornerWidget(m_show, Qt::TopRightCorner); // beside the tabs: no row of its own
}

QLabel *ConflictMemoryPane::addField(QGridLayout *grid, int row, int column, const QString &field,
                                     const QString &caption)
{
    auto *name = new QLabel(caption + QLatin1Char(':'), this);
    name->setTextFormat(Qt::PlainText);
    QPalette muted = name->palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::PlaceholderText));
    name->setPalette(muted);
    auto *value = new QLabel(this);
    value->setObjectName(QStringLiteral("value:") + field);
    value->setTextFormat(Qt::PlainText);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    grid->addWidget(name, row, column, Qt::AlignLeft | Qt::AlignTop);
    grid->addWidget(value, row, column + 1, Qt::AlignTop);
    m_values.insert(field, value);
    return value;
}

void ConflictMemoryPane::setValue(const QString &field, const QString &text)
{
    if (QLabel *label = m_values.value(field))
        label->setText(text);
}

void ConflictMemoryPane::showMemory(const core::Memory &m, const QString &role, const QList<core::TextSpan> &changed,
                                    const QColor &mark)
{
    m_memory = m;
    setTitle(tr("%1 · %2 · %3").arg(m_side, role, m.id));

    // Plain text in, then a background on the changed spans: the content is never parsed.
    const bool masked = MaskedText::isMasked(m, m_session && m_session->privacyMode());
    m_content->setPlainText(MaskedText::shown(m, m_session && m_session->privacyMode()));
    QTextCursor cursor(m_content->document());
    QTextCharFormat marked;
    marked.setBackground(mark);
    marked.setFontWeight(QFont::DemiBold);
    const int length = m_content->document()->characterCount() - 1;
    for (const core::TextSpan &s : changed) {
        if (masked || s.start < 0 || s.start + s.length > length) // the spans are of the text not shown
            continue;
        cursor.setPosition(int(s.start));
        cursor.setPosition(int(s.start + s.length), QTextCursor::KeepAnchor);
        cursor.mergeCharFormat(marked);
    }
    m_content->moveCursor(QTextCursor::Start);

    const core::Millis now = m_session ? m_session->now() : core::time::nowMs();
    setValue(QStringLiteral("category"), m.category.isEmpty() ? QStringLiteral("—") : m.category);
    setValue(QStringLiteral("confidence"), EventText::number(m.confidence));
    setValue(QStringLiteral("created"), when(m.createdAt, now));
    setValue(QStringLiteral("reinforced"), m.lastReinforcedAt ? when(m.lastReinforcedAt, now) : tr("never"));
    if (m_session) {
        const core::Score s = m_session->profile().evaluate(m, now);
        setValue(QStringLiteral("score"), tr("%1 · %2").arg(EventText::number(s.score), TierText::label(s.tier)));
        if (QLabel *label = m_values.value(QStringLiteral("score"))) {
            label->setToolTip(tr("Under the %1 profile, at %2").arg(ScoringText::profile(m_session->profileName()), EventText::localTime(now)));
            QPalette p = label->palette();
            p.setColor(QPalette::WindowText, ChartPalette::tier(s.tier).darker(115));
            label->setPalette(p);
        }
    }
    setValue(QStringLiteral("scope"), m.projectPath.isEmpty() ? tr("global") : tr("project %1").arg(m.projectPath));
    QString source = m.source.type;
    if (!m.source.taskId.isEmpty())
        source += tr(" · task %1").arg(m.source.taskId);
    else if (!m.source.chatId.isEmpty())
        source += tr(" · chat %1").arg(m.source.chatId);
    setValue(QStringLiteral("source"), source);
    QStringList state;
    if (m.isDeleted())
        state << tr("deleted");
    if (m.negated)
        state << tr("negated");
    if (m.superseded)
        state << tr("superseded");
    if (!m.mergedInto.isEmpty())
        state << tr("merged into %1").arg(m.mergedInto);
    if (m.permanent)
        state << tr("permanent");
    if (m.verified)
        state << tr("verified");
    state << TierText::level(m.level);
    setValue(QStringLiteral("state"), state.join(QStringLiteral(", ")));

    if (m_session && m_session->store()) {
        auto events = m_session->store()->events().forMemory(m.id);
        m_history->setEvents(events ? std::move(*events) : std::vector<core::Event>{}, now);
    } else {
        m_history->clear();
    }
    m_chart->showMemories({m.id});
}

QStringList ConflictMemoryPane::highlightedPieces() const
{
    QStringList out;
    const QTextDocument *doc = m_content->document();
    QString current;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment f = it.fragment();
            if (f.charFormat().background().style() != Qt::NoBrush) {
                current += f.text();
            } else if (!current.isEmpty()) {
                out << current;
                current.clear();
            }
        }
    }
    if (!current.isEmpty())
        out << current;
    return out;
}

} // namespace recollector::ui
