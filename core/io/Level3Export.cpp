#include "io/Level3Export.h"

#include "store/SealedRow.h"
#include "store/Store.h"
#include "store/StoreSeal.h"

#include <QSet>

namespace recollector::core::io {

namespace {

// Only Recollector's own sets carry a sealed envelope; every other format (CSV, agent folders,
// other programs' files) leaves level 3 out, never as an empty placeholder entry.
bool isRecollectorSet(const ExportOptions &options)
{
    return options.adapter.isEmpty()
        && (options.format == SetFormat::RecollectorJson || options.format == SetFormat::RecollectorYaml);
}

Result<QJsonObject> sealHeader(Store &store)
{
    QJsonObject out;
    for (const auto &[key, name] : {std::pair{StoreSeal::kSaltKey, QStringLiteral("salt")},
                                    std::pair{StoreSeal::kKdfKey, QStringLiteral("kdf")},
                                    std::pair{StoreSeal::kCheckKey, QStringLiteral("check")}}) {
        auto value = store.meta().value(key);
        if (!value)
            return value.error();
        out.insert(name, *value);
    }
    return out;
}

void dropMemories(MemorySet &set, const QSet<QString> &gone)
{
    if (gone.isEmpty())
        return;
    std::erase_if(set.memories, [&](const Memory &m) { return gone.contains(m.id); });
    std::erase_if(set.associations, [&](const Association &a) { return gone.contains(a.a) || gone.contains(a.b); });
    std::erase_if(set.events, [&](const Event &e) { return gone.contains(e.memoryId); });
    std::erase_if(set.conflicts, [&](const Conflict &c) { return gone.contains(c.a) || gone.contains(c.b); });
}

// Events of other memories that carry text and name a level-3 one may quote it (a conflict
// resolution, a correction): sealed under their own memory like in the store, or left out
// when there is no key to seal them with.
void sealQuotes(MemorySet &set, const QSet<QString> &sealed, const QSet<QString> &leftOut, const crypto::StoreKey *key)
{
    const QSet<QString> level3 = sealed + leftOut;
    if (level3.isEmpty())
        return;
    std::erase_if(set.events, [&](Event &e) {
        if (level3.contains(e.memoryId) || sealed_row::isSealedPayload(e.payload) || !sealed_row::carriesText(e.payload)
            || !sealed_row::namedIds(e.payload).intersects(level3))
            return false;
        if (!key || sealed.isEmpty())
            return true;
        e.payload = sealed_row::sealPayload(e.payload, e.memoryId, *key);
        return false;
    });
}

} // namespace

Status Level3Export::prepare(MemorySet &set, Store &store, const ExportOptions &options, ExportReport &report)
{
    const auto key = store.database().sealKey();
    QSet<QString> leftOut;
    QSet<QString> sealed;
    for (Memory &m : set.memories) {
        if (m.sensitivity < 3)
            continue;
        if (options.includeLevel3Plain) {
            if (m.isLocked())
                return sealed_row::sealedTextError(m, store.path(), QStringLiteral("export level-3 memories in plain text"));
            ++report.level3Plain;
        } else if (isRecollectorSet(options) && (m.isLocked() || key)) {
            if (!m.isLocked()) {
                auto row = sealed_row::toRow(m, key.get(), store.path());
                if (!row)
                    return row.error();
                m.sealed = row->content;
                m.content.clear();
                m.keywords.clear();
                m.compressedFrom.clear();
                m.originalContents.clear();
                m.correctionHistory = QJsonArray(); // inside the envelope
                m.extra = QJsonObject();           // likewise
            }
            m.sealError.clear();
            sealed.insert(m.id);
            ++report.level3Sealed;
        } else {
            leftOut.insert(m.id);
            ++report.level3LeftOut;
        }
    }
    dropMemories(set, leftOut);
    if (!options.includeLevel3Plain)
        sealQuotes(set, sealed, leftOut, key.get());
    if (sealed.isEmpty())
        return {};
    for (Event &e : set.events) {
        if (!sealed.contains(e.memoryId))
            continue;
        if (sealed_row::isSealedPayload(e.payload)) // read while locked: as stored
            e.payload = QJsonObject{{QStringLiteral("sealed"), e.payload.value(QStringLiteral("sealed"))}};
        else if (key && sealed_row::carriesText(e.payload))
            e.payload = sealed_row::sealPayload(e.payload, e.memoryId, *key);
    }
    auto header = sealHeader(store);
    if (!header)
        return header.error();
    set.seal = *header;
    return {};
}

Status Level3Export::adoptSeal(const MemorySet &set, Store &store)
{
    const auto sealedCount = std::count_if(set.memories.begin(), set.memories.end(), [](const Memory &m) { return m.isLocked(); });
    if (sealedCount == 0)
        return {};
    const QString salt = set.seal.value(QStringLiteral("salt")).toString();
    const QString kdf = set.seal.value(QStringLiteral("kdf")).toString();
    const QString check = set.seal.value(QStringLiteral("check")).toString();
    if (salt.isEmpty() || kdf.isEmpty() || check.isEmpty())
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: %2 sealed level-3 entries but no \"seal\" (salt, kdf, check) to open them with")
                               .arg(set.sourceName).arg(sealedCount));
    auto has = StoreSeal::hasPassphrase(store);
    if (!has)
        return has.error();
    if (*has) {
        auto ours = store.meta().value(StoreSeal::kSaltKey);
        if (!ours)
            return ours.error();
        if (*ours != salt)
            return Error::make(Error::Code::Conflict,
                               QStringLiteral("%1: its %2 level-3 entries were sealed under another passphrase than %3's; "
                                              "import them into a store without a passphrase, or export them with "
                                              "--include-level3-plain")
                                   .arg(set.sourceName).arg(sealedCount).arg(store.path()));
        return {};
    }
    for (const auto &[key, value] : {std::pair{StoreSeal::kSaltKey, salt}, std::pair{StoreSeal::kKdfKey, kdf},
                                     std::pair{StoreSeal::kCheckKey, check}}) {
        if (const Status st = store.meta().setValue(key, value); !st)
            return st;
    }
    return store.database().enableSecureDelete();
}

} // namespace recollector::core::io
