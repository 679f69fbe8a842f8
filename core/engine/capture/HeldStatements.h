#pragma once

#include "engine/text/StatementFacts.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QString>
#include <QStringList>

#include <unordered_map>
#include <vector>

namespace recollector::core {

class Store;

/// The held memories Restatements::find weighs a draft against, each read from the store and
/// analysed once for a run of many drafts: an attached folder's sync or an import, where an
/// assistant writing many memories on one subject makes the same memories the text index's
/// candidates for each of them (docs/scoring.md#restatements). Valid for one transaction; a
/// memory the run itself changes is forgotten.
class HeldStatements final
{
public:
    struct Held
    {
        Memory memory;
        text::StatementFacts facts;
        bool negative = false;
        QStringList denied; ///< text::StatementWords::deniedWords
    };

    /// The memories of `ids` the store holds, in that order.
    [[nodiscard]] Result<std::vector<const Held *>> get(Store &store, const QStringList &ids);
    /// `id` changed since it was read.
    void forget(const QString &id);

private:
    // A bound, so that an import of a million memories does not keep each one it compared.
    static constexpr std::size_t kMostKept = 4096;
    std::unordered_map<QString, Held> m_held; // node-based: get()'s pointers outlive later inserts
};

} // namespace recollector::core
