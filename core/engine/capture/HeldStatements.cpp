#include "engine/capture/HeldStatements.h"

#include "engine/text/NegationCues.h"
#include "engine/text/StatementWords.h"
#include "store/MemoryRepository.h"
#include "store/Store.h"

namespace recollector::core {

Result<std::vector<const HeldStatements::Held *>> HeldStatements::get(Store &store, const QStringList &ids)
{
    QStringList missing;
    for (const QString &id : ids) {
        if (m_held.find(id) == m_held.end())
            missing << id;
    }
    if (m_held.size() + std::size_t(missing.size()) > kMostKept) {
        m_held.clear();
        missing = ids;
    }
    if (!missing.isEmpty()) {
        auto read = store.memories().byIds(missing);
        if (!read)
            return read.error();
        for (Memory &m : *read) {
            Held held;
            held.facts = text::StatementFacts::of(m.content);
            held.negative = NegationCues::analyse(m.content).isNegative();
            held.denied = text::StatementWords::deniedWords(m.content);
            held.memory = std::move(m);
            const QString id = held.memory.id;
            m_held.insert_or_assign(id, std::move(held));
        }
    }
    std::vector<const Held *> out;
    out.reserve(std::size_t(ids.size()));
    for (const QString &id : ids) {
        if (const auto it = m_held.find(id); it != m_held.end())
            out.push_back(&it->second);
    }
    return out;
}

void HeldStatements::forget(const QString &id) { m_held.erase(id); }

} // namespace recollector::core
