#pragma once

#include "config/Config.h"
#include "engine/review/Cleanup.h"
#include "model/Result.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace recollector::core {

class ScoringProfile;
class Store;

/// One thing for the user to decide (docs/scoring.md, "Review queue").
struct ReviewItem
{
    enum class Kind { Conflict, Promote, Decay, Cleanup };
    Kind kind = Kind::Conflict;
    QStringList memoryIds;      ///< one memory; two for a conflict
    qint64 conflictId = 0;      ///< Conflict items
    CleanupKind cleanup = CleanupKind::Archive; ///< Cleanup items: the planned action
    double score = 0;           ///< the native score that opened the item
    QString reason;             ///< one line for people
    QStringList answers;        ///< what the user may answer, e.g. promote / keep / delete
};

/// The review queue: open conflicts first (they wait for the user), then docs/scoring.md#review-queue's promote
/// reviews (importance reached 2.5: → core / keep / delete, highest first) and decay
/// reviews (fell below 0.5: keep = reset to 0.5 / delete, lowest first), then the cleanup
/// candidates in plan order. Promote and decay reviews belong to the importance profile
/// (under the others importance does not drive anything). A review the user has answered
/// stays closed until the importance crosses the line again: a promote review until the next
/// BOOST, a decay review until the importance falls below the line once more.
class ReviewQueue final
{
public:
    ReviewQueue(Store &store, const Config &config, const ScoringProfile &profile);

    static QString kindName(ReviewItem::Kind kind);
    [[nodiscard]] Result<std::vector<ReviewItem>> build(Millis now) const;

private:
    Store &m_store;
    Config m_config;
    const ScoringProfile &m_profile;
};

} // namespace recollector::core
