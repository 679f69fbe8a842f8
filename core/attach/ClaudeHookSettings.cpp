#include "attach/ClaudeHookSettings.h"

#include "io/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace recollector::core::attach {

namespace {

const QString kHooks = QStringLiteral("hooks");
const QString kMatcher = QStringLiteral("matcher");

struct Place
{
    QString event;
    QString matcher; ///< empty: the event has no matcher
};
const Place kPlaces[] = { { QStringLiteral("SessionStart"), {} }, { QStringLiteral("PostToolUse"), QStringLiteral("Read") } };

QJsonObject commandHook(const QString &command)
{
    return { { QStringLiteral("type"), QStringLiteral("command") }, { QStringLiteral("command"), command } };
}

bool isOurs(const QJsonValue &hook, const QString &command)
{
    return hook.toObject().value(QStringLiteral("command")).toString() == command;
}

bool holdsOurs(const QJsonArray &groups, const Place &place, const QString &command)
{
    for (const QJsonValue &group : groups) {
        const QJsonObject g = group.toObject();
        if (g.value(kMatcher).toString() != place.matcher)
            continue;
        for (const QJsonValue &hook : g.value(kHooks).toArray()) {
            if (isOurs(hook, command))
                return true;
        }
    }
    return false;
}

struct Read
{
    QByteArray bytes;
    QJsonObject settings;
};

Result<Read> readSettings(const QString &file)
{
    Read r;
    QFile f(file);
    if (!f.exists())
        return r;
    if (!f.open(QIODevice::ReadOnly))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot be read (%2)").arg(file, f.errorString()));
    r.bytes = f.readAll();
    if (r.bytes.trimmed().isEmpty())
        return r;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.bytes, &error);
    if (!doc.isObject())
        return Error::make(Error::Code::Parse,
                           QStringLiteral("%1: not a JSON object (%2 at byte %3); nothing changed")
                               .arg(file, error.errorString())
                               .arg(error.offset));
    r.settings = doc.object();
    if (r.settings.contains(kHooks) && !r.settings.value(kHooks).isObject())
        return Error::make(Error::Code::Validation, QStringLiteral("%1: field \"hooks\" is not an object; nothing changed").arg(file));
    return r;
}

Status writeSettings(const QString &file, const Read &before, const QJsonObject &after)
{
    // Only over the bytes that were read: Claude Code may have written the file meanwhile.
    QFile again(file);
    const QByteArray now = again.open(QIODevice::ReadOnly) ? again.readAll() : QByteArray();
    again.close();
    if (now != before.bytes)
        return Error::make(Error::Code::Io, QStringLiteral("%1: changed while Recollector was reading it; nothing changed, try again").arg(file));
    if (!QDir().mkpath(QFileInfo(file).path()))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot create its folder").arg(file));
    if (!before.bytes.isEmpty()) {
        if (const Status st = io::AtomicFile::write(file + QStringLiteral(".recollector-backup"), before.bytes); !st)
            return st;
    }
    return io::AtomicFile::write(file, QJsonDocument(after).toJson(QJsonDocument::Indented));
}

} // namespace

QJsonObject ClaudeHookSettings::withHooks(QJsonObject settings, const QString &command)
{
    QJsonObject hooks = settings.value(kHooks).toObject();
    for (const Place &place : kPlaces) {
        QJsonArray groups = hooks.value(place.event).toArray();
        if (holdsOurs(groups, place, command))
            continue;
        QJsonObject group { { kHooks, QJsonArray { commandHook(command) } } };
        if (!place.matcher.isEmpty())
            group.insert(kMatcher, place.matcher);
        groups.append(group);
        hooks.insert(place.event, groups);
    }
    settings.insert(kHooks, hooks);
    return settings;
}

QJsonObject ClaudeHookSettings::withoutHooks(QJsonObject settings, const QString &command)
{
    QJsonObject hooks = settings.value(kHooks).toObject();
    for (const Place &place : kPlaces) {
        if (!hooks.contains(place.event))
            continue;
        QJsonArray kept;
        for (const QJsonValue &group : hooks.value(place.event).toArray()) {
            QJsonObject g = group.toObject();
            QJsonArray left;
            bool removed = false;
            for (const QJsonValue &hook : g.value(kHooks).toArray()) {
                if (isOurs(hook, command))
                    removed = true;
                else
                    left.append(hook);
            }
            if (removed && left.isEmpty())
                continue;
            if (removed)
                g.insert(kHooks, left);
            kept.append(removed ? QJsonValue(g) : group);
        }
        if (kept.isEmpty())
            hooks.remove(place.event);
        else
            hooks.insert(place.event, kept);
    }
    if (hooks.isEmpty())
        settings.remove(kHooks);
    else
        settings.insert(kHooks, hooks);
    return settings;
}

Result<QString> ClaudeHookSettings::install(const QString &settingsFile, const QString &command)
{
    auto before = readSettings(settingsFile);
    if (!before)
        return before.error();
    const QJsonObject after = withHooks(before->settings, command);
    if (after == before->settings)
        return QStringLiteral("%1: Recollector's hooks are already there").arg(settingsFile);
    if (const Status st = writeSettings(settingsFile, *before, after); !st)
        return st.error();
    return QStringLiteral("%1: Claude Code now tells Recollector which memories it loads (at the start of a session, and "
                          "each memory file it reads)")
        .arg(settingsFile);
}

Result<QString> ClaudeHookSettings::uninstall(const QString &settingsFile, const QString &command)
{
    auto before = readSettings(settingsFile);
    if (!before)
        return before.error();
    const QJsonObject after = withoutHooks(before->settings, command);
    if (after == before->settings)
        return QStringLiteral("%1: holds no Recollector hook").arg(settingsFile);
    if (const Status st = writeSettings(settingsFile, *before, after); !st)
        return st.error();
    return QStringLiteral("%1: Recollector's hooks removed; the other hooks are as they were").arg(settingsFile);
}

} // namespace recollector::core::attach
