#include "store/SealQuotes.h"

#include "store/Database.h"
#include "store/MemoryRow.h"
#include "store/SealedRow.h"

#include <QJsonArray>
#include <QSet>
#include <QSqlQuery>
#include <QVariant>

#include <vector>

namespace recollector::core {

namespace {
const QString kSealedRow = QStringLiteral("sensitivity >= 3 AND content LIKE 'enc1:%'");
} // namespace

Result<bool> SealQuotes::namesSealed(const QJsonObject &payload, const QString &ownMemoryId) const
{
    QSet<QString> ids = sealed_row::namedIds(payload);
    ids.remove(ownMemoryId);
    ids.remove(QString());
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("SELECT 1 FROM memories WHERE id = ? AND ") + kSealedRow);
    for (const QString &id : ids) {
        q.bindValue(0, id);
        if (!q.exec())
            return m_db.errorFrom(q, QStringLiteral("looking up memory %1").arg(id));
        if (q.next())
            return true;
        if (const Status st = m_db.endOfRows(q, QStringLiteral("looking up memory %1").arg(id)); !st)
            return st.error();
    }
    return false;
}

Status SealQuotes::sealQuotesOf(const QString &memoryId, const crypto::StoreKey &key)
{
    if (const Status st = sealEventsNaming(memoryId, key); !st)
        return st;
    return emptyCorrectionQuotes(memoryId);
}

Status SealQuotes::sealEventsNaming(const QString &memoryId, const crypto::StoreKey &key)
{
    const QString what = QStringLiteral("sealing the events that quote %1").arg(memoryId);
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    // The LIKE narrows the scan; the payload's ids decide.
    q.prepare(QStringLiteral("SELECT id, memory_id, payload FROM events WHERE memory_id <> ? AND instr(payload, ?) > 0 "
                             "AND payload NOT LIKE '{\"sealed\":%'"));
    q.addBindValue(memoryId);
    q.addBindValue(QStringLiteral("\"%1\"").arg(memoryId));
    if (!q.exec())
        return m_db.errorFrom(q, what);
    std::vector<std::pair<qint64, QString>> updates;
    while (q.next()) {
        const QJsonObject payload = row::objectFromJson(q.value(2).toString());
        if (!sealed_row::carriesText(payload))
            continue;
        if (!sealed_row::namedIds(payload).contains(memoryId))
            continue;
        const QString owner = q.value(1).toString();
        updates.emplace_back(q.value(0).toLongLong(), row::toJsonText(sealed_row::sealPayload(payload, owner, key)));
    }
    if (const Status st = m_db.endOfRows(q, what); !st)
        return st;
    QSqlQuery u(m_db.handle());
    u.prepare(QStringLiteral("UPDATE events SET payload = ? WHERE id = ?"));
    for (const auto &[id, payload] : updates) {
        u.bindValue(0, payload);
        u.bindValue(1, id);
        if (!u.exec())
            return m_db.errorFrom(u, what);
    }
    return {};
}

Status SealQuotes::emptyCorrectionQuotes(const QString &memoryId)
{
    const QString what = QStringLiteral("taking the text of %1 out of other correction histories").arg(memoryId);
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    // Rows sealed themselves keep theirs inside their envelope.
    q.prepare(QStringLiteral("SELECT id, correction_history FROM memories WHERE id <> ? AND instr(correction_history, ?) > 0 "
                             "AND NOT (") + kSealedRow + QStringLiteral(")"));
    q.addBindValue(memoryId);
    q.addBindValue(QStringLiteral("\"%1\"").arg(memoryId));
    if (!q.exec())
        return m_db.errorFrom(q, what);
    std::vector<std::pair<QString, QString>> updates;
    while (q.next()) {
        QJsonArray history = row::arrayFromJson(q.value(1).toString());
        bool changed = false;
        for (qsizetype i = 0; i < history.size(); ++i) {
            QJsonObject entry = history.at(i).toObject();
            if (entry.value(QStringLiteral("newId")).toString() != memoryId
                || entry.value(QStringLiteral("newPreference")).toString().isEmpty())
                continue;
            entry.insert(QStringLiteral("newPreference"), QString());
            history.replace(i, entry);
            changed = true;
        }
        if (changed)
            updates.emplace_back(q.value(0).toString(), row::toJsonText(history));
    }
    if (const Status st = m_db.endOfRows(q, what); !st)
        return st;
    QSqlQuery u(m_db.handle());
    u.prepare(QStringLiteral("UPDATE memories SET correction_history = ? WHERE id = ?"));
    for (const auto &[id, history] : updates) {
        u.bindValue(0, history);
        u.bindValue(1, id);
        if (!u.exec())
            return m_db.errorFrom(u, what);
    }
    return {};
}

} // namespace recollector::core
