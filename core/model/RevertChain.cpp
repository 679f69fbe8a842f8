#include "model/RevertChain.h"

#include <algorithm>

namespace recollector::core {

qint64 RevertChain::revertTarget(const Event &event)
{
    if (event.kind != events::kRevert)
        return 0;
    return qint64(event.payload.value(QStringLiteral("reverts")).toDouble());
}

void RevertChain::add(const std::vector<Event> &events)
{
    for (const Event &e : events) {
        if (const qint64 target = revertTarget(e); target != 0) {
            m_targetOf.insert(e.id, target);
            m_resolved = false;
        }
    }
}

void RevertChain::resolve() const
{
    if (m_resolved)
        return;
    m_reversedBy.clear();
    std::vector<qint64> reverts(m_targetOf.keyBegin(), m_targetOf.keyEnd());
    std::sort(reverts.begin(), reverts.end());
    // Replay in order. Reverting X undoes X; if X was itself a revert of Y, Y counts again
    // exactly when X is undone, and so on down the chain.
    QHash<qint64, bool> reversed;
    for (qint64 r : reverts) {
        qint64 current = m_targetOf.value(r);
        reversed[current] = true;
        m_reversedBy[current] = r;
        while (m_targetOf.contains(current)) {
            const qint64 next = m_targetOf.value(current);
            const bool nowReversed = !reversed.value(current);
            reversed[next] = nowReversed;
            if (nowReversed)
                m_reversedBy[next] = current;
            else
                m_reversedBy.remove(next);
            current = next;
        }
    }
    for (auto it = reversed.cbegin(); it != reversed.cend(); ++it) {
        if (!it.value())
            m_reversedBy.remove(it.key());
    }
    m_resolved = true;
}

bool RevertChain::isReversed(qint64 eventId) const { return reversedBy(eventId) != 0; }

qint64 RevertChain::reversedBy(qint64 eventId) const
{
    resolve();
    return m_reversedBy.value(eventId, 0);
}

} // namespace recollector::core
