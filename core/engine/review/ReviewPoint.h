#pragma once

#include "model/Result.h"
#include "model/Time.h"

#include <QHash>
#include <QString>

namespace recollector::core {

class Store;

/// Where one person's review of the changes stands (docs/scoring.md#review-inbox): when they
/// last finished a review, the last event that review covered, and the changes they accepted
/// one by one since (memory id → the newest event accepted; a tier crossing with no event is
/// accepted as 0).
struct ReviewState
{
    Millis reviewedAt = 0;      ///< 0: never reviewed
    qint64 throughEventId = 0;  ///< the changes after this event are new to them
    QHash<QString, qint64> seen;

    bool isSet() const { return reviewedAt != 0; }
    bool operator==(const ReviewState &) const = default;
};

/// The review point of each OS user, kept in the store's `meta` table under
/// `reviewed_by:<user>` (docs/formats.md, "Table `meta`"), so every window and
/// `recollector-cli changes --since-review` on the store read the same point.
class ReviewPoint final
{
public:
    /// The OS user the window and the command line run as ($USER, else $LOGNAME, else "user").
    static QString currentUser();
    static QString metaKey(const QString &user);

    [[nodiscard]] static Result<ReviewState> read(Store &store, const QString &user);
    /// Writes `state` (an unset one removes the key) in one transaction.
    [[nodiscard]] static Status write(Store &store, const QString &user, const ReviewState &state);
    /// The state after finishing a review at `at`: through the store's newest event, nothing
    /// accepted one by one any more.
    [[nodiscard]] static Result<ReviewState> finished(Store &store, Millis at);

    static QString toText(const ReviewState &state);
    [[nodiscard]] static Result<ReviewState> fromText(const QString &text);
};

} // namespace recollector::core
