#include "CliContext.h"

#include "CliUnlock.h"

#include "io/DemoStore.h"
#include "model/MemoryJson.h"
#include "model/ProgramNames.h"
#include "store/MetaRepository.h"
#include "store/ServerUrl.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>

#include <cstdio>

namespace recollector::cli {

using namespace recollector::core;

CliContext::CliContext() : m_out(stdout), m_err(stderr) {}

Millis CliContext::now() const { return at != 0 ? at : time::nowMs(); }

QString CliContext::defaultStorePath()
{
    return names::defaultStorePath();
}

Store *CliContext::store()
{
    if (m_store)
        return m_store.get();
    if (m_failed)
        return nullptr;
    const QString path = storePath.isEmpty() ? defaultStorePath() : storePath;
    if (storePath.isEmpty()) {
        QDir().mkpath(QFileInfo(path).absolutePath()); // the default store's folder is ours to create
    } else if (ServerUrl::isServerUrl(path)) {
        // A team store (docs/team-store.md): its address is checked when it is opened.
    } else if (const QFileInfo folder(QFileInfo(path).path()); !folder.isDir()) {
        // A mistyped --store must not leave new folders behind.
        fail(QStringLiteral("--store %1: folder %2 %3")
                 .arg(path, folder.filePath(),
                     folder.exists() ? QStringLiteral("is not a folder") : QStringLiteral("does not exist")));
        return nullptr;
    }
    if (storePath.isEmpty() && !QFileInfo::exists(path)) {
        // First run (docs/formats.md, "The store"): the default store starts as the bundled demo memory set.
        const Status demo = io::createDemoStore(path, QStringLiteral(":/demo/demo-memory-set.json"), now());
        if (!demo)
            m_err << "warning: could not create the demo store: " << demo.error().message << Qt::endl;
    }
    auto opened = Store::open(path);
    if (!opened) {
        fail(opened.error());
        return nullptr;
    }
    m_store = std::move(*opened);
    if (!m_store->database().warning().isEmpty())
        m_err << "warning: " << m_store->database().warning() << Qt::endl;
    if (const Status st = unlockStore(*m_store, passphraseFile); !st) {
        m_store.reset();
        fail(st.error());
        return nullptr;
    }
    return m_store.get();
}

const Config &CliContext::config()
{
    if (!m_config) {
        m_config = std::make_unique<Config>(Config::defaults());
        if (Store *s = store()) {
            const auto text = s->meta().value(MetaRepository::kConfig);
            if (text && !text->isEmpty()) {
                auto parsed = Config::fromYamlText(text->toUtf8(), s->path() + QStringLiteral(" (meta config)"));
                if (parsed)
                    *m_config = *parsed;
                else
                    m_err << "warning: " << parsed.error().message << "; using the defaults" << Qt::endl;
            }
        }
    }
    return *m_config;
}

QString CliContext::profileName()
{
    if (!profileOverride.isEmpty())
        return profileOverride;
    if (Store *s = store()) {
        const auto name = s->meta().value(MetaRepository::kProfile, QStringLiteral("ebbinghaus"));
        if (name && profileNames().contains(*name))
            return *name;
    }
    return QStringLiteral("ebbinghaus");
}

const ScoringProfile &CliContext::profile()
{
    if (!m_profile) {
        m_profile = makeProfile(profileName(), config());
        if (!m_profile)
            m_profile = makeProfile(QStringLiteral("ebbinghaus"), config());
    }
    return *m_profile;
}

const MentionIndex &CliContext::mentions()
{
    if (!m_mentions) {
        m_mentions.emplace(config());
        // Only the enhanced profile reads mentions; the others skip the event scan.
        if (Store *s = store(); s && profileName() == QLatin1String("enhanced")) {
            auto loaded = MentionIndex::load(s->events(), config());
            if (loaded)
                m_mentions = std::move(*loaded);
            else
                m_err << "warning: " << loaded.error().message << "; scoring without mentions" << Qt::endl;
        }
    }
    return *m_mentions;
}

ScoreInput CliContext::scoreInput(const Memory &memory)
{
    return ScoreInput::from(memory, config(), mentions().summary(memory.id, now()));
}

QJsonObject CliContext::memoryObject(const Memory &memory)
{
    QJsonObject o = io::memoryToJson(memory);
    if (memory.isLocked()) {
        // Sealed level-3 text and the store locked (docs/cli.md, "Encryption at rest").
        o.insert(QStringLiteral("locked"), true);
        if (!memory.sealError.isEmpty())
            o.insert(QStringLiteral("sealError"), memory.sealError);
    }
    const Score s = profile().evaluate(scoreInput(memory), now());
    o.insert(QStringLiteral("score"), s.score);
    o.insert(QStringLiteral("strength"), s.strength);
    o.insert(QStringLiteral("tier"), tierName(s.tier));
    return o;
}

void CliContext::printJson(const QJsonValue &value)
{
    QJsonDocument doc;
    if (value.isArray())
        doc = QJsonDocument(value.toArray());
    else
        doc = QJsonDocument(value.toObject());
    m_out << QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
    m_out.flush();
}

int CliContext::fail(const QString &message, int code)
{
    m_failed = true;
    m_err << "recollector-cli: " << message << Qt::endl;
    return code;
}

} // namespace recollector::cli
