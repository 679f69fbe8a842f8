#include "StoreSession.h"

#include "attach/AttachedDecision.h"
#include "attach/AttachedFolder.h"
#include "snapshot/SnapshotLoader.h"
#include "snapshot/StoreChanges.h"
#include "store/MetaRepository.h"
#include "store/ServerUrl.h"
#include "store/StoreListener.h"
#include "support/WorkerPool.h"

#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

Q_LOGGING_CATEGORY(lcSession, "recollector.ui.session")

namespace recollector::ui {

using namespace recollector::core;

namespace {
constexpr int kDefaultPollMs = 500;
// A team store announces its changes (LISTEN/NOTIFY); its poll only checks that the
// connection is alive, and a lost one is tried again every second.
constexpr int kServerCheckMs = 5000;
constexpr int kReconnectMs = 1000;
constexpr int kClockTickMs = 60 * 1000; // live scores move slowly: once a minute is plenty
} // namespace

QString StoreSession::attachedFolderOf(const QString &path)
{
    const QFileInfo info(path);
    const QFileInfo attached(QDir(core::attach::AttachedFolder::defaultDataDir()).filePath(QStringLiteral("attached")));
    if (!info.isFile() || info.absolutePath() != attached.absoluteFilePath())
        return {};
    core::Database::Options options;
    options.readOnly = true;
    options.createIfMissing = false;
    auto store = core::Store::open(info.absoluteFilePath(), options);
    return store ? core::attach::AttachedFolder::folderOf(**store) : QString();
}

StoreSession::StoreSession(QObject *parent)
    : QObject(parent), m_config(Config::defaults()), m_profile(makeProfile(QStringLiteral("ebbinghaus"), m_config))
{
    m_pollTimer.setInterval(kDefaultPollMs);
    connect(&m_pollTimer, &QTimer::timeout, this, &StoreSession::checkForChanges);
    m_clockTimer.setInterval(kClockTickMs);
    connect(&m_clockTimer, &QTimer::timeout, this, [this]() {
        if (!isPreviewing() && isOpen())
            Q_EMIT nowChanged();
    });
    connect(&m_loadWatcher, &QFutureWatcher<LoadResult>::finished, this, &StoreSession::finishBackgroundLoad);
    connect(&m_pastWatcher, &QFutureWatcher<PastResult>::finished, this, &StoreSession::finishPastLoad);
}

StoreSession::~StoreSession()
{
    if (m_cancelLoad)
        m_cancelLoad->store(true);
    if (m_cancelPast)
        m_cancelPast->store(true);
    m_loadWatcher.waitForFinished();
    m_pastWatcher.waitForFinished();
}

QString StoreSession::path() const { return m_store ? m_store->path() : QString(); }

QString StoreSession::displayName() const
{
    if (!m_store)
        return {};
    if (const auto url = ServerUrl::parse(m_store->path()); ServerUrl::isServerUrl(m_store->path()) && url)
        return tr("%1 on %2", "a team store: its database on its server").arg(url->database, url->host);
    return QFileInfo(m_store->path()).fileName();
}

bool StoreSession::isReadOnly() const
{
    return m_store && (m_store->database().isReadOnly() || m_contentsAt != 0 || m_returningToNow);
}

QString StoreSession::warning() const { return m_store ? m_store->database().warning() : QString(); }

Millis StoreSession::now() const { return m_previewAt != 0 ? m_previewAt : time::nowMs(); }

void StoreSession::setNow(Millis at)
{
    if (at == m_previewAt)
        return;
    m_previewAt = at;
    Q_EMIT nowChanged();
}

Status StoreSession::open(const QString &path)
{
    auto openResult = Store::open(path);
    if (!openResult)
        return openResult.error();
    std::unique_ptr<Store> store = std::move(*openResult);
    // An attached folder's memories live in another program's plain files: nothing there can
    // be sealed (docs/formats.md, "Encryption at rest").
    store->setCanSeal(!attach::AttachedFolder::isAttached(*store));

    // Read the new store before letting go of the old one, so a failure leaves it open.
    Config config = Config::defaults();
    if (const auto text = store->meta().value(MetaRepository::kConfig); text && !text->isEmpty()) {
        auto parsed = Config::fromYamlText(text->toUtf8(), path + QStringLiteral(" (stored config)"));
        if (parsed)
            config = *parsed;
        else
            qCWarning(lcSession) << parsed.error().message << "- using the defaults";
    }
    SnapshotLoader::Options options;
    options.limit = m_firstChunkRows > 0 ? m_firstChunkRows : -1;
    auto snapshot = SnapshotLoader::load(*store, config, options);
    if (!snapshot)
        return snapshot.error();

    close();
    m_store = std::move(store);
    m_config = std::move(config);
    loadConfigAndProfile();
    m_dataVersion = m_store->database().dataVersion();

    Q_EMIT aboutToReload();
    m_snapshot = std::move(*snapshot);
    Q_EMIT reloaded();
    Q_EMIT opened(m_store->path());
    if (m_firstChunkRows > 0 && m_snapshot.size() >= std::size_t(m_firstChunkRows))
        startBackgroundLoad(); // a large store: the rest follows on a worker
    listen();
    m_pollTimer.start();
    m_clockTimer.start();
    return {};
}

void StoreSession::close()
{
    if (!m_store)
        return;
    if (m_cancelLoad)
        m_cancelLoad->store(true);
    m_loadWatcher.waitForFinished();
    setLoading(false);
    if (m_cancelPast)
        m_cancelPast->store(true);
    m_pastWatcher.waitForFinished();
    m_pastWatcher.setFuture(QFuture<PastResult>());
    const bool wasPast = m_contentsAt != 0 || m_returningToNow;
    m_contentsAt = 0;
    m_past.reset();
    m_pastLoading = false;
    m_returningToNow = false;
    m_pollTimer.stop();
    m_clockTimer.stop();
    m_listener.reset();
    m_connectionLost = false;
    Q_EMIT aboutToClose();
    Q_EMIT aboutToReload();
    m_snapshot = MemorySnapshot();
    m_store.reset();
    Q_EMIT reloaded();
    if (wasPast)
        Q_EMIT contentsAtChanged();
    Q_EMIT closed();
}

void StoreSession::loadConfigAndProfile()
{
    QString name = QStringLiteral("ebbinghaus");
    if (const auto stored = m_store->meta().value(MetaRepository::kProfile, name); stored && !stored->isEmpty())
        name = *stored;
    m_storeProfile = name;
    m_profile = makeProfile(name, m_config);
    if (!m_profile) {
        qCWarning(lcSession) << "unknown scoring profile" << name << "- using ebbinghaus";
        m_profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
    }
}

Status StoreSession::setProfileName(const QString &name)
{
    auto profile = makeProfile(name, m_config);
    if (!profile)
        return Error::make(Error::Code::Validation, tr("unknown scoring profile: %1").arg(name));
    if (m_store) {
        if (const Status st = m_store->meta().setValue(MetaRepository::kProfile, name); !st)
            return st;
    }
    m_storeProfile = name;
    m_profile = std::move(profile);
    Q_EMIT profileChanged();
    return {};
}

Status StoreSession::setViewProfile(const QString &name)
{
    if (name == profileName())
        return {};
    auto profile = makeProfile(name, m_config);
    if (!profile)
        return Error::make(Error::Code::Validation, tr("unknown scoring profile: %1").arg(name));
    m_profile = std::move(profile);
    Q_EMIT profileChanged();
    return {};
}

Status StoreSession::setConfig(const Config &config)
{
    if (m_store) {
        const QString yaml = QString::fromUtf8(config.toYaml());
        if (const Status st = m_store->meta().setValue(MetaRepository::kConfig, yaml); !st)
            return st;
    }
    const QString name = profileName();
    m_config = config;
    m_profile = makeProfile(name, m_config);
    if (!m_profile)
        m_profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
    Q_EMIT configChanged();
    Q_EMIT profileChanged();
    reload(); // category indices inside the snapshot follow the config's category list
    return {};
}

Result<Memory> StoreSession::memory(const QString &id) const
{
    if (!m_store)
        return Error::make(Error::Code::NotFound, tr("no store is open"));
    if (m_past) {
        auto then = m_past->memory(*m_store, id);
        if (!then)
            return then.error();
        if (!*then)
            return Error::make(Error::Code::NotFound, tr("This memory did not exist yet then."));
        return std::move(**then);
    }
    return m_store->memories().get(id);
}

qint64 StoreSession::openConflictCount() const
{
    if (!m_store)
        return 0;
    const auto n = m_store->conflicts().countOpen();
    return n ? *n : 0;
}

Status StoreSession::decide(const std::function<Status()> &decide)
{
    if (!m_store)
        return Error::make(Error::Code::Usage, tr("No store is open."));
    if (m_contentsAt != 0 || m_returningToNow)
        return refusePast();
    bool decided = false;
    auto written = attach::AttachedDecision::run(*m_store, time::nowMs(), [&]() -> Status {
        const Status st = decide();
        decided = bool(st);
        return st;
    });
    if (!written) {
        if (!decided) // the decision's own error (or a store another writer held), said as it is
            return written.error();
        return Error::make(written.error().code,
                           tr("The assistant's memory file could not be written, so nothing was changed: %1")
                               .arg(written.error().message));
    }
    if (!written->retired.isEmpty() || !written->problems.isEmpty())
        Q_EMIT writtenBack(written->retired, written->problems);
    return {};
}

void StoreSession::refresh(const QStringList &ids)
{
    if (!m_store || ids.isEmpty() || m_contentsAt != 0)
        return; // the past does not follow the store's writes; going back to now reads it again
    auto rows = m_snapshot.refresh(*m_store, m_config, ids);
    if (!rows) {
        Q_EMIT errorOccurred(rows.error().message);
        return;
    }
    QList<quint32> changed(rows->begin(), rows->end());
    if (!changed.isEmpty())
        Q_EMIT rowsRefreshed(changed);
    Q_EMIT memoriesChanged(ids);
}

void StoreSession::reload()
{
    if (!m_store)
        return;
    if (m_contentsAt != 0) {
        startPastLoad(); // the config changed: rebuild with it
        Q_EMIT contentsAtChanged();
        return;
    }
    if (m_loading) {
        m_reloadPending = true; // the load under way may predate the change: read again after
        return;
    }
    if (m_firstChunkRows > 0 && m_snapshot.size() >= std::size_t(m_firstChunkRows)) {
        startBackgroundLoad();
        return;
    }
    auto snapshot = SnapshotLoader::load(*m_store, m_config, {});
    if (!snapshot) {
        Q_EMIT errorOccurred(snapshot.error().message);
        return;
    }
    Q_EMIT aboutToReload();
    m_snapshot = std::move(*snapshot);
    Q_EMIT reloaded();
}

void StoreSession::startBackgroundLoad()
{
    if (m_loadWatcher.isRunning())
        return;
    m_cancelLoad = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancelLoad;
    const QString path = m_store->path();
    const Config config = m_config;
    setLoading(true);
    m_loadWatcher.setFuture(QtConcurrent::run(workerPool(), [path, config, cancel]() -> LoadResult {
        SnapshotLoader::Options options;
        options.progress = [cancel](std::size_t) { return !cancel->load(); };
        return std::make_shared<Result<MemorySnapshot>>(SnapshotLoader::loadFile(path, config, options));
    }));
}

void StoreSession::finishBackgroundLoad()
{
    if (!m_loading)
        return; // already taken by waitForLoaded(), or the store was closed
    setLoading(false);
    if (std::exchange(m_returningToNow, false))
        Q_EMIT contentsAtChanged(); // back to now: writable again (the rows follow below)
    const LoadResult result = m_loadWatcher.future().result();
    if (!result || !m_store || (m_cancelLoad && m_cancelLoad->load()))
        return;
    if (!*result) {
        Q_EMIT errorOccurred(result->error().message);
        return;
    }
    Q_EMIT aboutToReload();
    m_snapshot = std::move(result->value());
    Q_EMIT reloaded();
    if (m_reloadPending) {
        m_reloadPending = false;
        reload();
    } else {
        checkForChanges(); // anything committed while the worker read is in the events
    }
}

void StoreSession::waitForLoaded()
{
    m_loadWatcher.waitForFinished();
    finishBackgroundLoad();
}

void StoreSession::setLoading(bool loading)
{
    if (m_loading == loading)
        return;
    m_loading = loading;
    Q_EMIT loadingChanged(loading);
}

void StoreSession::setPollInterval(int ms)
{
    m_pollMs = ms;
    if (!m_listener)
        m_pollTimer.setInterval(ms);
}

void StoreSession::listen()
{
    auto listener = StoreListener::start(m_store->database());
    if (!listener) // the poll still sees other writers, only later
        Q_EMIT errorOccurred(listener.error().message);
    m_listener = listener ? std::move(*listener) : nullptr;
    m_pollTimer.setInterval(m_listener ? kServerCheckMs : m_pollMs);
    if (!m_listener)
        return;
    connect(m_listener.get(), &StoreListener::changed, this, &StoreSession::queueCheck);
    connect(m_listener.get(), &StoreListener::woke, this, &StoreSession::queueCheck);
}

// A commit's notification and the socket's wake come together, and a decision of several
// statements announces each: one check reads them all.
void StoreSession::queueCheck()
{
    if (std::exchange(m_checkQueued, true))
        return;
    QTimer::singleShot(0, this, [this]() {
        m_checkQueued = false;
        checkForChanges();
    });
}

void StoreSession::reconnect()
{
    if (!std::exchange(m_connectionLost, true)) {
        qCWarning(lcSession) << "lost the connection to" << m_store->path();
        Q_EMIT connectionChanged(false);
    }
    if (const Status st = m_listener->reconnect(); !st) {
        qCInfo(lcSession) << st.error().message;
        m_pollTimer.setInterval(kReconnectMs);
        return;
    }
    m_connectionLost = false;
    m_pollTimer.setInterval(kServerCheckMs);
    qCInfo(lcSession) << "connected again to" << m_store->path();
    Q_EMIT connectionChanged(true);
    m_dataVersion = -1;
    queueCheck(); // what others committed meanwhile is in the events since the last one read
}

void StoreSession::checkForChanges()
{
    if (!m_store || m_loading || m_contentsAt != 0)
        return; // while showing the past: going back to now reads the store again
    const qint64 version = m_store->database().dataVersion();
    if (m_listener && (m_connectionLost || (version < 0 && !m_listener->isAlive()))) {
        reconnect();
        return;
    }
    if (version == m_dataVersion)
        return;
    m_dataVersion = version;

    // Another process may have switched the store's profile (recollector-cli profile, a second
    // window): the view follows it then; a view profile picked here stays otherwise.
    if (const auto stored = m_store->meta().value(MetaRepository::kProfile); stored && !stored->isEmpty()
        && *stored != m_storeProfile && makeProfile(*stored, m_config)) {
        m_storeProfile = *stored;
        m_profile = makeProfile(*stored, m_config);
        Q_EMIT profileChanged();
    }

    auto changes = StoreChanges::since(*m_store, m_snapshot.lastEventId());
    if (!changes) {
        Q_EMIT errorOccurred(changes.error().message);
        return;
    }
    constexpr int kMaxIncremental = 20000;
    if (changes->ids.size() > kMaxIncremental) {
        reload();
        return;
    }
    m_snapshot.setLastEventId(changes->lastEventId);
    refresh(changes->ids);
    if (qint64(m_snapshot.liveCount()) != changes->memoryCount || m_snapshot.maxRowid() < changes->maxRowid) {
        qCDebug(lcSession) << "rows changed without events; reloading";
        reload();
    } else if (changes->ids.isEmpty()) {
        // A commit that touched no memory (a conflict, meta): let the status bar recount.
        Q_EMIT memoriesChanged({});
    }
}

} // namespace recollector::ui
