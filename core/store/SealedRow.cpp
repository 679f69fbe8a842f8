#include "store/SealedRow.h"

#include "crypto/Sealer.h"
#include "crypto/StoreKey.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace recollector::core::sealed_row {

namespace {
const QString kContent = QStringLiteral("content");
const QString kKeywords = QStringLiteral("keywords");
const QString kCompressedFrom = QStringLiteral("compressedFrom");
const QString kOriginalContents = QStringLiteral("originalContents");
const QString kSealed = QStringLiteral("sealed");
const QString kCorrectionHistory = QStringLiteral("correctionHistory");
const QString kExtra = QStringLiteral("extra");

// Payload keys that carry a memory's words (the decisions' before/after values, a
// correction, a merge's or a compression's originals, the fields kept from another system).
bool isTextKey(const QString &key)
{
    static const QStringList keys{kContent,          kKeywords,           kCompressedFrom, kOriginalContents,
                                  QStringLiteral("text"), QStringLiteral("correction"), QStringLiteral("newPreference"),
                                  QStringLiteral("summary"), QStringLiteral("original"), QStringLiteral("correctionHistory"),
                                  kExtra};
    return keys.contains(key);
}

bool anyText(const QJsonValue &value, int depth)
{
    if (depth > 4)
        return false;
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (isTextKey(it.key()) || anyText(it.value(), depth + 1))
                return true;
        }
    } else if (value.isArray()) {
        for (const auto &v : value.toArray()) {
            if (anyText(v, depth + 1))
                return true;
        }
    }
    return false;
}

// Payload keys whose string value (or array of strings) is a memory id.
bool isIdKey(const QString &key)
{
    static const QStringList keys{QStringLiteral("id"),           QStringLiteral("a"),          QStringLiteral("b"),
                                  QStringLiteral("newId"),        QStringLiteral("mergedInto"), QStringLiteral("mergedFrom"),
                                  QStringLiteral("sourceIds"),    QStringLiteral("correctionOf"), QStringLiteral("other"),
                                  QStringLiteral("supersedes"),   QStringLiteral("supersedesId")};
    return keys.contains(key);
}

void collectIds(const QJsonValue &value, int depth, QSet<QString> &out)
{
    if (depth > 5)
        return;
    if (value.isArray()) {
        for (const auto &v : value.toArray())
            collectIds(v, depth + 1, out);
        return;
    }
    if (!value.isObject())
        return;
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (isIdKey(it.key()) && it.value().isString()) {
            out.insert(it.value().toString());
        } else if (isIdKey(it.key()) && it.value().isArray()) {
            for (const auto &v : it.value().toArray()) {
                if (v.isString())
                    out.insert(v.toString());
            }
        }
        collectIds(it.value(), depth + 1, out);
    }
}

QByteArray compact(const QJsonObject &o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); }
} // namespace

QByteArray memoryAd(const QString &id) { return "memory:" + id.toUtf8(); }
QByteArray eventAd(const QString &memoryId) { return "event:" + memoryId.toUtf8(); }

Error sealedTextError(const Memory &m, const QString &storePath, const QString &toDo)
{
    if (!m.sealError.isEmpty())
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: memory %2: its sealed text is damaged and does not open with this "
                                          "passphrase (%3); cannot %4. Restore the store from a backup, or delete the memory")
                               .arg(storePath, m.id, m.sealError, toDo));
    return Error::make(Error::Code::Locked, QStringLiteral("%1: memory %2 is sealed and the store is locked: unlock it to %3")
                                                .arg(storePath, m.id, toDo));
}

Result<Memory> toRow(const Memory &m, const crypto::StoreKey *key, const QString &storePath)
{
    if (m.sensitivity < 3) {
        if (m.isLocked())
            return sealedTextError(m, storePath, QStringLiteral("lower its level"));
        return m;
    }
    Memory out = m;
    if (m.isLocked()) {
        if (!m.content.isEmpty() || !m.keywords.isEmpty() || !m.compressedFrom.isEmpty() || !m.originalContents.isEmpty())
            return sealedTextError(m, storePath, QStringLiteral("change its text"));
        out.content = m.sealed;
    } else {
        if (!key)
            return Error::make(Error::Code::Locked,
                               QStringLiteral("%1: memory %2 is level 3 and the store is locked (or has no passphrase yet): "
                                              "unlock it, or set a passphrase, to write its text")
                                   .arg(storePath, m.id));
        QJsonObject text{{kContent, m.content}, {kKeywords, QJsonArray::fromStringList(m.keywords)}};
        if (!m.compressedFrom.isEmpty())
            text.insert(kCompressedFrom, m.compressedFrom);
        if (!m.originalContents.isEmpty())
            text.insert(kOriginalContents, QJsonArray::fromStringList(m.originalContents));
        // A correction history quotes what replaced the memory (a correction's text, a
        // conflict winner's): sealed with it. A locked memory's is written back as read (an
        // older row's plain column, or empty): it cannot hold text that was never opened.
        if (!m.correctionHistory.isEmpty())
            text.insert(kCorrectionHistory, m.correctionHistory);
        out.correctionHistory = QJsonArray();
        // The fields kept from another system's entry (a note's title, a block's label, an
        // agent file's own fields) may hold the memory's words too. A locked memory's are
        // written back as read, like its history.
        if (!m.extra.isEmpty())
            text.insert(kExtra, m.extra);
        out.extra = QJsonObject();
        QByteArray plain = compact(text);
        out.content = crypto::Sealer::seal(*key, plain, memoryAd(m.id));
        crypto::wipe(plain);
    }
    out.keywords.clear();
    out.compressedFrom.clear();
    out.originalContents.clear();
    out.sealed.clear();
    out.sealError.clear();
    return out;
}

void fromRow(Memory &m, const crypto::StoreKey *key)
{
    if (m.sensitivity < 3 || !crypto::Sealer::isSealed(m.content))
        return;
    const QString envelope = m.content;
    m.content.clear();
    m.keywords.clear();
    m.compressedFrom.clear();
    m.originalContents.clear();
    if (!key) {
        m.sealed = envelope;
        return;
    }
    auto plain = crypto::Sealer::open(*key, envelope, memoryAd(m.id), QStringLiteral("memory %1").arg(m.id));
    QJsonParseError parseError{};
    const QJsonDocument doc = plain ? QJsonDocument::fromJson(*plain, &parseError) : QJsonDocument();
    if (!plain || !doc.isObject()) {
        m.sealed = envelope;
        m.sealError = plain ? QStringLiteral("memory %1: the opened text is not a JSON object").arg(m.id)
                            : plain.error().message;
        return;
    }
    crypto::wipe(*plain);
    const QJsonObject o = doc.object();
    m.content = o.value(kContent).toString();
    for (const auto &k : o.value(kKeywords).toArray())
        m.keywords << k.toString();
    m.compressedFrom = o.value(kCompressedFrom).toString();
    for (const auto &c : o.value(kOriginalContents).toArray())
        m.originalContents << c.toString();
    // Rows sealed before the history was sealed with the text keep it in its column.
    if (o.contains(kCorrectionHistory))
        m.correctionHistory = o.value(kCorrectionHistory).toArray();
    // Likewise the kept fields of a row sealed before they were sealed with the text.
    if (o.contains(kExtra))
        m.extra = o.value(kExtra).toObject();
}

bool carriesText(const QJsonObject &payload) { return anyText(payload, 0); }

QSet<QString> namedIds(const QJsonObject &payload)
{
    QSet<QString> out;
    collectIds(payload, 0, out);
    out.remove(QString());
    return out;
}

bool mentionsLevel3(const QJsonObject &payload)
{
    if (payload.value(QStringLiteral("sensitivity")).toInt() >= 3)
        return true;
    for (const QString &side : {QStringLiteral("before"), QStringLiteral("after"), QStringLiteral("memory")}) {
        if (payload.value(side).toObject().value(QStringLiteral("sensitivity")).toInt() >= 3)
            return true;
    }
    return false;
}

bool isSealedPayload(const QJsonObject &payload)
{
    // {"sealed": e} as stored; {"locked": true, "sealed": e} as read while locked.
    return (payload.size() == 1 || (payload.size() == 2 && payload.contains(QStringLiteral("locked"))))
        && crypto::Sealer::isSealed(payload.value(kSealed).toString());
}

QJsonObject sealPayload(const QJsonObject &payload, const QString &memoryId, const crypto::StoreKey &key)
{
    QByteArray plain = compact(payload);
    QJsonObject out{{kSealed, crypto::Sealer::seal(key, plain, eventAd(memoryId))}};
    crypto::wipe(plain);
    return out;
}

void openPayload(Event &event, const crypto::StoreKey *key)
{
    if (!isSealedPayload(event.payload))
        return;
    const QString envelope = event.payload.value(kSealed).toString();
    if (!key) {
        // The envelope stays, so an export can carry it sealed.
        event.payload = QJsonObject{{QStringLiteral("locked"), true}, {kSealed, envelope}};
        return;
    }
    auto plain = crypto::Sealer::open(*key, envelope, eventAd(event.memoryId),
                                      QStringLiteral("event %1 of memory %2").arg(event.id).arg(event.memoryId));
    const QJsonDocument doc = plain ? QJsonDocument::fromJson(*plain) : QJsonDocument();
    if (!plain || !doc.isObject()) {
        event.payload = QJsonObject{{QStringLiteral("locked"), true},
                                    {QStringLiteral("error"), plain ? QStringLiteral("not a JSON object") : plain.error().message}};
        return;
    }
    crypto::wipe(*plain);
    event.payload = doc.object();
}

} // namespace recollector::core::sealed_row
