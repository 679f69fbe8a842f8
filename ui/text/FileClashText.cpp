#include "FileClashText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace recollector::ui {

namespace {

bool isText(const QString &field)
{
    return field == QLatin1String("content") || field == QLatin1String("body");
}

QString shown(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? FileClashText::tr("yes") : FileClashText::tr("no");
    if (v.isDouble())
        return QString::number(v.toDouble());
    if (v.isUndefined() || v.isNull())
        return FileClashText::tr("(none)");
    return QString::fromUtf8(QJsonDocument(v.isArray() ? QJsonDocument(v.toArray()) : QJsonDocument(v.toObject()))
                                 .toJson(QJsonDocument::Compact));
}

/// `m` with the clashing `values` laid over it: the text replaced, other fields listed below it.
core::Memory withValues(core::Memory m, const QStringList &fields, const QJsonObject &values)
{
    QStringList lines;
    for (const QString &f : fields) {
        const QJsonValue v = values.value(f);
        if (isText(f)) {
            if (v.isString())
                m.content = v.toString();
        } else if (f == QLatin1String("name") || f == QLatin1String("description")) {
            m.extra.insert(f, v);
            lines << FileClashText::tr("%1: %2").arg(FileClashText::fieldWord(f), shown(v));
        } else {
            lines << FileClashText::tr("%1: %2").arg(FileClashText::fieldWord(f), shown(v));
        }
    }
    if (!lines.isEmpty())
        m.content += QStringLiteral("\n\n— ") + lines.join(QStringLiteral("\n— "));
    return m;
}

} // namespace

QString FileClashText::fieldWord(const QString &field)
{
    static const QHash<QString, QString> words {
        { QStringLiteral("content"), tr("text") },           { QStringLiteral("body"), tr("text") },
        { QStringLiteral("tier"), tr("tier") },              { QStringLiteral("superseded"), tr("replaced") },
        { QStringLiteral("supersedesId"), tr("replaces") },  { QStringLiteral("importance"), tr("importance") },
        { QStringLiteral("stability"), tr("stability") },    { QStringLiteral("lastReinforcedAt"), tr("last reinforced") },
        { QStringLiteral("reinforceCount"), tr("times reinforced") }, { QStringLiteral("decayRate"), tr("decay rate") },
        { QStringLiteral("strength"), tr("strength") },      { QStringLiteral("keywords"), tr("keywords") },
        { QStringLiteral("category"), tr("category") },      { QStringLiteral("type"), tr("type") },
        { QStringLiteral("name"), tr("name") },              { QStringLiteral("description"), tr("description") },
        { QStringLiteral("confidence"), tr("confidence") },  { QStringLiteral("projectPath"), tr("project") },
    };
    return words.value(field, field);
}

std::optional<FileClashText::Sides> FileClashText::sides(const core::Memory &memory,
                                                         const std::vector<core::Event> &events, qint64 conflictId)
{
    for (auto it = events.rbegin(); it != events.rend(); ++it) {
        if (it->kind != QLatin1String("file_clash")
            || qint64(it->payload.value(QStringLiteral("conflict")).toDouble()) != conflictId)
            continue;
        const QStringList fields = it->payload.value(QStringLiteral("fields")).toVariant().toStringList();
        const QJsonObject file = it->payload.value(QStringLiteral("file")).toObject();
        // "engram": the same values in a clash Engram recorded, before the rename.
        const QJsonValue decided = it->payload.value(QStringLiteral("decision"));
        const QJsonObject decision = (decided.isUndefined() ? it->payload.value(QStringLiteral("engram")) : decided).toObject();
        Sides s;
        s.deletion = decision.isEmpty();
        for (const QString &f : fields) {
            if (!s.fields.contains(fieldWord(f)))
                s.fields << fieldWord(f);
        }
        if (s.deletion) {
            // A delete the file's change stopped: the file keeps the assistant's text; the
            // decision was to remove it.
            s.file = withValues(memory, fields, file);
            s.decision = memory;
            s.decision.content = tr("(deleted in Recollector: the file would have moved to the trash)");
            return s;
        }
        s.file = withValues(memory, fields, file);
        s.decision = withValues(memory, fields, decision);
        return s;
    }
    return std::nullopt;
}

QString FileClashText::summary(const Sides &sides)
{
    if (sides.deletion)
        return tr("The assistant changed this memory's file after Recollector read it, so your delete was not carried "
                  "out: the file stays as the assistant wrote it (left). Delete it again to remove that version.");
    return tr("The assistant changed the %1 in this memory's file after Recollector read it, so your decision was not "
              "written: the file keeps the assistant's version (left); yours is on the right. Make the decision "
              "again to apply it on top of the assistant's version.")
        .arg(sides.fields.join(tr(", ")));
}

} // namespace recollector::ui
