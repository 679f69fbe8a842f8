// DetailPanel filled from a memory: the header, the scoring and provenance sections, the flags,
// an agent hub's own values and the history. The panel's parts and its edits are built in
// DetailPanel.cpp.
#include "views/DetailPanel.h"

#include "StoreSession.h"
#include "engine/decisions/Unarchive.h"
#include "models/HistoryModel.h"
#include "models/Roles.h"
#include "support/Teardown.h"
#include "views/ChartPalette.h"
#include "text/CategoryText.h"
#include "text/EventText.h"
#include "text/MaskedText.h"
#include "views/ContentEditor.h"
#include "views/DetailPanelLabels.h"
#include "views/HistoryView.h"

#include "model/InputLimits.h"
#include "scoring/ImportanceProfile.h"
#include "text/TierText.h"
#include "text/ScoringText.h"
#include "text/SourceText.h"
#include "views/TitleEditor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <cmath>

namespace recollector::ui {

using namespace panel_labels;

namespace {

using core::Memory;

constexpr int kAgentFixedRows = 2; // agentImportance, agentTier

QString orDash(const QString &text) { return text.isEmpty() ? QStringLiteral("—") : text; }

QString yesNo(bool on) { return on ? DetailPanel::tr("yes") : DetailPanel::tr("no"); }

/// "2024-03-05 14:20 (3 days ago)", or "—" when unset.
QString when(core::Millis at, core::Millis now)
{
    if (at == 0)
        return QStringLiteral("—");
    return QStringLiteral("%1 (%2)").arg(EventText::localTime(at), EventText::relative(at, now));
}

/// A bulleted list of texts, one per line (plain text).
QString bulleted(const QStringList &items)
{
    if (items.isEmpty())
        return QStringLiteral("—");
    QStringList lines;
    for (const QString &item : items)
        lines << QStringLiteral("• ") + item;
    return lines.join(QLatin1Char('\n'));
}

QString jsonText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isArray())
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    if (v.isBool())
        return yesNo(v.toBool());
    if (v.isDouble())
        return EventText::number(v.toDouble());
    return QStringLiteral("null");
}

} // namespace

void DetailPanel::setValue(const QString &field, const QString &text, const QString &toolTip)
{
    if (QLabel *label = m_values.value(field)) {
        label->setText(capped(text));
        label->setToolTip(EventText::plainToolTip(capped(toolTip)));
    }
}


void DetailPanel::showMemory(const QString &id)
{
    if (id != m_id) {
        m_content->clear(); // a draft (and "Show All") belongs to the memory it was made for
        m_shown = false;    // and so do the other fields' drafts
    }
    m_id = id;
    reload();
}

void DetailPanel::showEmpty(const QString &message)
{
    m_emptyLabel->setText(message);
    m_stack->setCurrentIndex(0);
    m_history->clear();
}

void DetailPanel::reload()
{
    if (m_id.isEmpty())
        return showEmpty(tr("Select a memory in the table to see all of its fields, edit it, and read its history."));
    if (!m_session || !m_session->store())
        return showEmpty(tr("No store is open."));
    auto memory = m_session->memory(m_id);
    if (!memory)
        return showEmpty(tr("Memory %1 is no longer in the store.").arg(m_id));
    const core::MemoryEdit draft = m_shown ? pendingEdit() : core::MemoryEdit{};
    fill(*memory);
    m_shown = true;
    restoreDrafts(draft);
    m_stack->setCurrentIndex(1);
    updatePending();
}

void DetailPanel::fill(const Memory &m)
{
    m_filling = true;
    m_memory = m;
    const core::Millis now = m_session->now();
    // Locked (level 3, store locked) or masked (privacy mode, level >= 2): no text shown
    // (docs/formats.md, "Encryption at rest").
    const bool masked = MaskedText::isMasked(m, m_session->privacyMode()) && !m.isLocked();
    const QString shown = MaskedText::shown(m, m_session->privacyMode());
    fillHeader(shown);
    m_content->setStoredText(shown); // refills only when the text changed; keeps a draft
    m_content->setEnabled(!m.isLocked() && !masked);
    m_keywords->setText(masked ? QString() : m.keywords.join(QStringLiteral(", ")));
    m_keywords->setEnabled(!m.isLocked() && !masked);
    m_category->clear();
    for (const core::CategoryConfig &c : m_session->config().categories)
        m_category->addItem(CategoryText::words(c.name), c.name);
    if (m_category->findData(m.category) < 0)
        m_category->addItem(CategoryText::words(m.category), m.category);
    m_category->setCurrentIndex(m_category->findData(m.category));
    setValue(QStringLiteral("id"), m.id);
    setValue(QStringLiteral("createdAt"), when(m.createdAt, now), core::time::toIso(m.createdAt));
    setValue(QStringLiteral("updatedAt"), when(m.updatedAt, now), core::time::toIso(m.updatedAt));

    fillScoring(m);
    fillProvenance(m);
    fillFlags(m);
    fillAgent(m);
    m_titles->setMemory(m, !m.isLocked() && !masked);
    fillHistory();
    m_filling = false;
}

void DetailPanel::fillHeader(const QString &content)
{
    // Characters. Only the start of a long text is looked at: a megabyte costs what a line does.
    constexpr qsizetype kHeadline = 140; // the whole text is in the editor below
    constexpr qsizetype kLookedAt = kHeadline * 8;
    constexpr qsizetype kWord = 40; // the header wraps at spaces: a longer word is cut
    QStringList words = content.left(kLookedAt).simplified().split(QLatin1Char(' '));
    for (QString &word : words) {
        if (word.size() > kWord)
            word = word.left(kWord - 1) + QChar(0x2026);
    }
    QString headline = words.join(QLatin1Char(' '));
    if (headline.size() > kHeadline)
        headline = headline.left(kHeadline - 1) + QChar(0x2026);
    else if (content.size() > kLookedAt && !headline.endsWith(QChar(0x2026)))
        headline += QChar(0x2026);
    m_header->setText(headline);
    m_header->setToolTip(EventText::plainToolTip(capped(content)));
}

void DetailPanel::fillScoring(const Memory &m)
{
    const core::Millis now = m_session->now();
    const core::ScoringProfile &profile = m_session->profile();
    // Score through the snapshot's input when the row is there, so the panel shows exactly
    // what the table shows (mention summary included).
    const core::MemorySnapshot &snapshot = m_session->snapshot();
    const std::uint32_t row = snapshot.rowOf(m.id);
    const core::Score score = row != core::MemorySnapshot::kNoRow && !snapshot.has(row, core::MemorySnapshot::Removed)
                                  ? profile.evaluate(snapshot.input(row), now)
                                  : profile.evaluate(m, now);
    const QString profileName = m_session->profileName();
    setValue(QStringLiteral("score"), QStringLiteral("%1 (%2)").arg(EventText::number(score.score), ScoringText::profile(profileName)));
    if (core::awaitsEvidenceOfUse(m.source.type, m.accessCount))
        setValue(QStringLiteral("strength"), tr("no recall seen yet"),
                 tr("Claude Code does not tell Recollector which memories it reads, so this one's fading would be a "
                    "guess. With Claude Code's hooks installed (recollector-cli hook install claude-code), each "
                    "session that loads it counts as a use."));
    else
        setValue(QStringLiteral("strength"), tr("%1 of 100").arg(EventText::number(score.strength)),
                 tr("How strong it is now, as the %1 scoring rates it. At its last reinforcement it was saved at "
                    "%2 of 100 and has faded from there.")
                     .arg(ScoringText::profile(profileName), EventText::number(m.strength)));
    const QString tier = TierText::label(score.tier);
    setValue(QStringLiteral("tier"), tier);
    const QColor color = ChartPalette::tier(score.tier);
    m_tierBadge->setText(m_session->isPreviewing() ? tr("%1 (preview)").arg(tier) : tier);
    QPalette pal = m_tierBadge->palette();
    pal.setColor(QPalette::Window, color);
    pal.setColor(QPalette::WindowText, score.tier == core::Tier::Fading ? QColor(Qt::black) : QColor(Qt::white));
    m_tierBadge->setPalette(pal);
    if (QLabel *tierLabel = m_values.value(QStringLiteral("tier"))) {
        QPalette p = tierLabel->palette();
        p.setColor(QPalette::WindowText, color.darker(115));
        tierLabel->setPalette(p);
    }
    // Stability is the time in which an unused memory loses about two thirds of its strength
    // (docs/scoring.md, "Ebbinghaus"); its decay rate stretches or shortens it.
    const double effective = m.stability / std::max(m.decayRate, 1e-6);
    setValue(QStringLiteral("stability"), tr("loses two thirds of its strength in %1 unused").arg(ScoringText::duration(effective)),
             tr("Stability %1 hours at a decay rate of %2").arg(EventText::number(m.stability), EventText::number(m.decayRate)));
    setValue(QStringLiteral("decayRate"),
             m.decayRate < 0.995   ? tr("%1 (fades slower than usual)").arg(EventText::number(m.decayRate))
             : m.decayRate > 1.005 ? tr("%1 (fades faster than usual)").arg(EventText::number(m.decayRate))
                                   : tr("%1 (usual)").arg(EventText::number(m.decayRate)));
    m_importance->setValue(m.importance);
    const core::ImportanceProfile importance(m_session->config());
    const double decayed = importance.decayedImportance(core::ScoreInput::from(m, m_session->config()), now);
    setValue(QStringLiteral("effectiveImportance"),
             std::abs(decayed - m.importance) < 0.005
                 ? EventText::number(decayed)
                 : tr("%1 (stored %2, decayed since the last access)").arg(EventText::number(decayed), EventText::number(m.importance)),
             tr("The importance after its decay since the last access, as the importance profile scores it now; "
                "the box above holds the stored value"));
    m_confidence->setValue(m.confidence);
    const QString reinforced = m.reinforceCount == 1 ? tr("%n reinforcement", nullptr, m.reinforceCount)
                                                     : tr("%n reinforcements", nullptr, m.reinforceCount);
    const QString accessed = m.accessCount == 1 ? tr("%n access", nullptr, m.accessCount)
                                                : tr("%n accesses", nullptr, m.accessCount);
    setValue(QStringLiteral("counts"), QStringLiteral("%1 · %2").arg(reinforced, accessed));
    setValue(QStringLiteral("lastReinforcedAt"), when(m.lastReinforcedAt, now), core::time::toIso(m.lastReinforcedAt));
    setValue(QStringLiteral("lastAccessedAt"), when(m.lastAccessedAt, now), core::time::toIso(m.lastAccessedAt));
}

void DetailPanel::fillProvenance(const Memory &m)
{
    QStringList source{SourceText::words(m.source.type)};
    if (!m.source.taskId.isEmpty())
        source << tr("task %1").arg(m.source.taskId);
    if (!m.source.chatId.isEmpty())
        source << tr("chat %1").arg(m.source.chatId);
    if (!m.source.messageId.isEmpty())
        source << tr("message %1").arg(m.source.messageId);
    setValue(QStringLiteral("source"), source.join(QStringLiteral(" · ")));
    m_project->setText(m.projectPath);
    setValue(QStringLiteral("mergedFrom"), memoryRefs(m.mergedFrom), m.mergedFrom.join(QStringLiteral(", ")));
    setValue(QStringLiteral("mergedInto"), memoryRefs({m.mergedInto}), m.mergedInto);
    setValue(QStringLiteral("sourceIds"), memoryRefs(m.sourceIds), m.sourceIds.join(QStringLiteral(", ")));
    setValue(QStringLiteral("originalContents"), bulleted(m.originalContents));
    QStringList corrections;
    for (const QJsonValue &v : m.correctionHistory) {
        const QJsonObject o = v.toObject();
        QStringList parts;
        if (const auto at = core::time::fromIso(o.value(QLatin1String("time")).toString()))
            parts << EventText::localTime(*at);
        for (const char *key : {"reason", "newPreference", "newId"}) {
            const QString text = o.value(QLatin1String(key)).toString();
            if (!text.isEmpty())
                parts << (qstrcmp(key, "newPreference") == 0 ? QStringLiteral("'%1'").arg(text) : text);
        }
        corrections << (parts.isEmpty() ? jsonText(v) : parts.join(QStringLiteral(" · ")));
    }
    setValue(QStringLiteral("correctionHistory"), bulleted(corrections));
    setValue(QStringLiteral("compressedFrom"), orDash(m.compressedFrom));
    setValue(QStringLiteral("supersedesId"), memoryRefs({m.supersedesId}), m.supersedesId);
}

QString DetailPanel::memoryRefs(const QStringList &ids) const
{
    // A memory of this store is named by the start of its text (masked as everywhere else);
    // an id from elsewhere (an import's source) stays an id. The ids are in the tooltip.
    constexpr qsizetype kSnippet = 60; // characters
    QStringList items;
    bool anyText = false;
    for (const QString &id : ids) {
        if (id.isEmpty())
            continue;
        const auto memory = m_session->memory(id);
        if (!memory) {
            items << id;
            continue;
        }
        QString text = MaskedText::shown(*memory, m_session->privacyMode()).simplified();
        if (text.size() > kSnippet)
            text = text.left(kSnippet - 1) + QChar(0x2026);
        items << QStringLiteral("“%1”").arg(text);
        anyText = true;
    }
    if (items.isEmpty())
        return QStringLiteral("—");
    return anyText && items.size() > 1 ? bulleted(items) : items.join(QStringLiteral(", "));
}

void DetailPanel::fillFlags(const Memory &m)
{
    const core::Millis now = m_session->now();
    setValue(QStringLiteral("verified"), yesNo(m.verified));
    setValue(QStringLiteral("permanent"), m.permanent ? tr("yes: never decays, never cleaned up") : yesNo(false));
    setValue(QStringLiteral("negated"), m.negated ? tr("yes, since %1").arg(when(m.negatedAt, now)) : yesNo(false));
    setValue(QStringLiteral("superseded"), m.superseded ? tr("yes: a newer memory replaced it") : yesNo(false));
    setValue(QStringLiteral("level"), levelText(m.level, m.compressed));
    setValue(QStringLiteral("compressed"),
             m.compressed ? tr("yes: shortened to a summary; the original text is in the history") : yesNo(false));
    m_unarchive->setVisible(core::Unarchive::applies(m) && !m.isDeleted());
    m_unarchive->setEnabled(!m_session->isReadOnly());
    m_sensitivity->setCurrentIndex(std::clamp(m.sensitivity, 0, 3));
    setValue(QStringLiteral("modalities"), orDash(m.modalities.join(QStringLiteral(", "))));
    setValue(QStringLiteral("deletedAt"), m.deletedAt ? when(m.deletedAt, now) : yesNo(false));
}

void DetailPanel::fillAgent(const Memory &m)
{
    setValue(QStringLiteral("agentImportance"), m.agentImportance ? EventText::number(*m.agentImportance) : QStringLiteral("—"));
    setValue(QStringLiteral("agentTier"), orDash(m.agentTier));
    while (m_extraForm->rowCount() > kAgentFixedRows)
        m_extraForm->removeRow(kAgentFixedRows);
    int others = 0;
    for (auto it = m.extra.begin(); it != m.extra.end(); ++it) {
        if (it.key() == QLatin1String("name") || it.key() == QLatin1String("description"))
            continue; // edited in the name and description group
        ++others;
        auto *value = new QLabel(capped(jsonText(it.value())));
        value->setObjectName(QStringLiteral("extra:") + it.key());
        value->setTextFormat(Qt::PlainText);
        wrapWithin(value);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        auto *key = new QLabel(it.key());
        key->setTextFormat(Qt::PlainText);
        key->setMinimumWidth(m_labelWidth);
        key->setAlignment(Qt::AlignRight | Qt::AlignTop);
        m_extraForm->addRow(key, value);
    }
    if (others == 0) {
        auto *none = new QLabel(tr("No other imported fields"));
        none->setEnabled(false);
        auto *key = new QLabel(tr("Other fields"));
        key->setMinimumWidth(m_labelWidth);
        key->setAlignment(Qt::AlignRight | Qt::AlignTop);
        m_extraForm->addRow(key, none);
    }
}

void DetailPanel::fillHistory()
{
    auto events = m_session->store()->events().forMemory(m_id);
    if (events)
        m_history->setEvents(std::move(*events), m_session->now());
    else
        m_history->clear();
}

} // namespace recollector::ui
