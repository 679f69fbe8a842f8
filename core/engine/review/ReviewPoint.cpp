#include "engine/review/ReviewPoint.h"

#include "store/MetaRepository.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace recollector::core {

QString ReviewPoint::currentUser()
{
    for (const char *name : { "USER", "LOGNAME" }) {
        const QString user = qEnvironmentVariable(name).trimmed();
        if (!user.isEmpty())
            return user;
    }
    return QStringLiteral("user");
}

QString ReviewPoint::metaKey(const QString &user)
{
    return QStringLiteral("reviewed_by:") + user;
}

QString ReviewPoint::toText(const ReviewState &state)
{
    QJsonObject seen;
    for (auto it = state.seen.constBegin(); it != state.seen.constEnd(); ++it)
        seen.insert(it.key(), double(it.value()));
    const QJsonObject o { { QStringLiteral("at"), time::toIso(state.reviewedAt) },
                          { QStringLiteral("throughEvent"), double(state.throughEventId) },
                          { QStringLiteral("seen"), seen } };
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

Result<ReviewState> ReviewPoint::fromText(const QString &text)
{
    ReviewState state;
    if (text.isEmpty())
        return state;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
    const auto at = time::fromIso(doc.object().value(QStringLiteral("at")).toString());
    if (!doc.isObject() || !at)
        return Error::make(Error::Code::Parse, QStringLiteral("the review point is not readable: %1").arg(text.left(80)));
    state.reviewedAt = *at;
    state.throughEventId = qint64(doc.object().value(QStringLiteral("throughEvent")).toDouble());
    const QJsonObject seen = doc.object().value(QStringLiteral("seen")).toObject();
    for (auto it = seen.constBegin(); it != seen.constEnd(); ++it)
        state.seen.insert(it.key(), qint64(it.value().toDouble()));
    return state;
}

Result<ReviewState> ReviewPoint::read(Store &store, const QString &user)
{
    auto text = store.meta().value(metaKey(user));
    if (!text)
        return text.error();
    return fromText(*text);
}

Status ReviewPoint::write(Store &store, const QString &user, const ReviewState &state)
{
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    const Status st = state.isSet() || !state.seen.isEmpty() ? store.meta().setValue(metaKey(user), toText(state))
                                                              : store.meta().remove(metaKey(user));
    if (!st)
        return st;
    return tx.commit();
}

Result<ReviewState> ReviewPoint::finished(Store &store, Millis at)
{
    auto last = store.events().lastId();
    if (!last)
        return last.error();
    ReviewState state;
    state.reviewedAt = at ? at : time::nowMs();
    state.throughEventId = *last;
    return state;
}

} // namespace recollector::core
