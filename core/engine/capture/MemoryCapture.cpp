#include "engine/capture/MemoryCapture.h"

#include "engine/capture/KeywordExtractor.h"
#include "engine/capture/Restatements.h"
#include "store/Store.h"

namespace recollector::core {

MemoryCapture::MemoryCapture(Store &store, const Config &config, const QString &profileName)
    : m_store(store), m_config(config), m_decisions(store, config, profileName)
{
}

Memory MemoryCapture::draft(const NewMemory &input, const Config &config)
{
    Memory m;
    m.content = input.content.trimmed();
    const QStringList given = input.keywords ? normalizeKeywords(*input.keywords) : QStringList();
    m.keywords = given.isEmpty() ? KeywordExtractor::extract(m.content) : given;
    m.category = input.category.trimmed().isEmpty() ? QStringLiteral("fact") : input.category.trimmed();
    m.projectPath = input.projectPath.trimmed();
    m.importance = input.importance.value_or(1.0);
    m.confidence = input.confidence.value_or(0.8);
    m.verified = input.actor == QLatin1String("user"); // the person said it
    m.source.type = input.actor == QLatin1String("user") ? QStringLiteral("manual") : QStringLiteral("conversation");
    m.stability = initialStabilityFor(m.source, config.decay.initialStability, config.decay.manualStability);
    return m;
}

Result<DecisionOutcome> MemoryCapture::createIn(Decisions &decisions, const NewMemory &input, const Config &config,
                                                Millis at)
{
    if (const QString invalid = input.invalidReason(); !invalid.isEmpty())
        return Error::make(Error::Code::Validation, invalid);
    return decisions.create(draft(input, config), at, input.actor);
}

Result<MemoryCapture::Added> MemoryCapture::add(const NewMemory &input, Millis at)
{
    if (const QString invalid = input.invalidReason(); !invalid.isEmpty())
        return Error::make(Error::Code::Validation, invalid);
    if (at == 0)
        at = time::nowMs();
    Added added;
    if (input.actor == QLatin1String("assistant")) {
        // The assistant's copy of a fact it already holds is the fact said again: a
        // reinforcement, with the new words kept in its event (docs/scoring.md#restatements).
        auto same = Restatements::reinforce(m_store, m_decisions, draft(input, m_config), at, input.actor);
        if (!same)
            return same.error();
        if (*same)
            return restated(std::move(**same));
    }
    AfterChange after(m_store, m_config);
    auto outcomes = after.runAll(
        m_decisions, 1, [&](std::size_t) { return createIn(m_decisions, input, m_config, at); }, at, &added.followUp);
    if (!outcomes)
        return outcomes.error();
    added.outcomes = std::move(*outcomes);
    const QString id = added.outcomes.front().createdIds.value(0);
    auto written = m_store.memories().get(id);
    if (!written)
        return written.error();
    added.memory = std::move(*written);
    return added;
}

Result<MemoryCapture::Added> MemoryCapture::restated(Restatements::Recorded recorded)
{
    Added added;
    added.outcomes.push_back(std::move(recorded.outcome));
    added.restates = recorded.match.why;
    auto written = m_store.memories().get(recorded.match.memory.id);
    if (!written)
        return written.error();
    added.memory = std::move(*written);
    return added;
}

} // namespace recollector::core
