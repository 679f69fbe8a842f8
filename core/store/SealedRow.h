#pragma once

#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QByteArray>
#include <QSet>

namespace recollector::core {

namespace crypto {
class StoreKey;
}

/// How a level-3 memory and its events sit in the tables (docs/formats.md, "Encryption at
/// rest"). The memory's text (content, keywords, compressedFrom, originalContents, and the
/// correction history, which quotes the text that replaced it) is one
/// JSON object sealed into the `content` column, with the other three text columns empty;
/// an event whose payload carries its text is stored as {"sealed": envelope}. The additional
/// data is "memory:<id>" or "event:<memory id>", so a ciphertext copied onto another row, or
/// from an event onto a memory, does not open.
namespace sealed_row {

QByteArray memoryAd(const QString &id);
QByteArray eventAd(const QString &memoryId);

/// The row form of `m`: `m` itself below level 3 or when its text is already an envelope
/// (`m.sealed`, a locked memory written back); the text sealed under `key` otherwise. A
/// level-3 memory with readable text and no key, or a locked one lowered below level 3, is
/// refused (Code::Locked) naming the memory.
[[nodiscard]] Result<Memory> toRow(const Memory &m, const crypto::StoreKey *key, const QString &storePath);
/// Why a sealed memory's text cannot be used for `toDo` ("change its text"): the store is
/// locked (Code::Locked, "unlock it to …"), or, when the store is unlocked and the envelope
/// still does not open, the envelope is damaged (Code::Validation, naming why): two things a
/// person does different things about.
Error sealedTextError(const Memory &m, const QString &storePath, const QString &toDo);
/// Opens a level-3 row read from the table in place: the text back with `key`; without one
/// (or when it does not open) the text fields emptied and `sealed` (and `sealError`) set.
/// A level-3 row whose content is not an envelope (stored before the store had a passphrase)
/// is left as it is.
void fromRow(Memory &m, const crypto::StoreKey *key);

/// Whether `payload` holds memory text (content, keywords, ... in it or in before/after).
bool carriesText(const QJsonObject &payload);
/// The memory ids a payload names (a, b, id, newId, mergedFrom, correctionOf, ... at any
/// depth): an event that carries text and names a sealed memory may quote it.
QSet<QString> namedIds(const QJsonObject &payload);
/// Whether the payload says a memory is (or becomes) level 3 ("sensitivity": 3 in it or in
/// before/after).
bool mentionsLevel3(const QJsonObject &payload);
/// Whether the payload already is {"sealed": envelope}.
bool isSealedPayload(const QJsonObject &payload);
QJsonObject sealPayload(const QJsonObject &payload, const QString &memoryId, const crypto::StoreKey &key);
/// Opens a sealed payload in place; without a key it becomes {"locked": true, "sealed": e},
/// and when it does not open {"locked": true, "error": why}.
void openPayload(Event &event, const crypto::StoreKey *key);

} // namespace sealed_row
} // namespace recollector::core
