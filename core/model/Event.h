#pragma once

#include "model/Time.h"

#include <QJsonObject>
#include <QString>

namespace recollector::core {

/// One appended record of something that happened to a memory
/// (docs/formats.md, "Table `events`"). Events are never updated or deleted; undo appends a
/// compensating event. `payload` holds before/after values and, for the enhanced profile, the
/// factor breakdown.
struct Event
{
    qint64 id = 0;          ///< assigned by the store
    QString memoryId;
    QString kind;           ///< reinforce, confirm, negate, permanent, edit, delete, restore, merge, ...
    QString actor = QStringLiteral("user"); ///< user, assistant, system, import
    Millis at = 0;
    QJsonObject payload;

    bool operator==(const Event &) const = default;
};

namespace events {
inline const QString kReinforce = QStringLiteral("reinforce");
inline const QString kConfirm = QStringLiteral("confirm");
inline const QString kNegate = QStringLiteral("negate");
inline const QString kPermanent = QStringLiteral("permanent");
inline const QString kEdit = QStringLiteral("edit");
inline const QString kDelete = QStringLiteral("delete");
inline const QString kRestore = QStringLiteral("restore");
inline const QString kMerge = QStringLiteral("merge");
inline const QString kConflictDetected = QStringLiteral("conflict_detected");
inline const QString kConflictResolved = QStringLiteral("conflict_resolved");
/// The user said a detected conflict is not one (docs/scoring.md, "Dismissal").
inline const QString kConflictDismissed = QStringLiteral("conflict_dismissed");
/// The newer memory of a temporal shift settled latest-wins (docs/scoring.md#automatic-handling: "recently updated").
inline const QString kRecentlyUpdated = QStringLiteral("recently_updated");
inline const QString kArchive = QStringLiteral("archive");
inline const QString kCompress = QStringLiteral("compress");
/// An archived or compressed memory brought back (docs/scoring.md, "Unarchive").
inline const QString kUnarchive = QStringLiteral("unarchive");
inline const QString kPurge = QStringLiteral("purge");
inline const QString kImport = QStringLiteral("import");
inline const QString kAccess = QStringLiteral("access");
inline const QString kRevert = QStringLiteral("revert");
inline const QString kAssociate = QStringLiteral("associate");
inline const QString kCreate = QStringLiteral("create");
/// A learned strengthening of a link (docs/scoring.md, "Associations"): two memories
/// recalled together (+0.05) or an associative hit the user confirmed (+0.1). Kept so a
/// rebuild of the links can apply it again.
inline const QString kLinkBoost = QStringLiteral("link_boost");
} // namespace events

} // namespace recollector::core
