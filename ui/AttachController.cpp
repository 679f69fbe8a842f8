#include "AttachController.h"

#include "StoreSession.h"

#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"
#include "store/Store.h"
#include "support/WorkerPool.h"

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace recollector::ui {

using namespace recollector::core;

namespace {
constexpr int kSoonMs = 60;      // gathers a burst of watcher signals into one job
constexpr int kRescanMs = 400;   // catches in-place edits (see the class comment)
} // namespace

AttachController::AttachController(StoreSession *session, QObject *parent) : QObject(parent), m_session(session)
{
    m_soon.setSingleShot(true);
    m_soon.setInterval(kSoonMs);
    connect(&m_soon, &QTimer::timeout, this, &AttachController::startJob);
    m_rescan.setInterval(kRescanMs);
    connect(&m_rescan, &QTimer::timeout, this, &AttachController::requestSync);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &AttachController::requestSync);
    connect(&m_job, &QFutureWatcher<JobResult>::finished, this, &AttachController::jobFinished);
    // The session's own decisions wrote their files in their own transaction
    // (StoreSession::decide): the folder is read again, and what that write-back said is shown.
    connect(m_session, &StoreSession::memoriesChanged, this, [this]() {
        if (isActive())
            requestSync();
    });
    connect(m_session, &StoreSession::writtenBack, this, [this](const QStringList &retired, const QStringList &problems) {
        if (!isActive())
            return;
        if (!problems.isEmpty()) {
            m_problems = problems;
            Q_EMIT problemsChanged(m_problems);
        }
        if (!retired.isEmpty())
            Q_EMIT filesRetired(retired);
    });
    connect(qGuiApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
        if (state == Qt::ApplicationActive && isActive())
            requestSync();
    });
}

AttachController::~AttachController() { stop(); }

Result<QString> AttachController::prepare(const QString &dir, QString *canonicalFolder, QStringList *problems)
{
    auto folder = attach::AttachedFolder::canonicalFolder(dir);
    if (!folder)
        return folder.error();
    const QString path = attach::AttachedFolder::sideStorePath(*folder, attach::AttachedFolder::defaultDataDir());
    if (!QDir().mkpath(QFileInfo(path).path()))
        return Error::make(Error::Code::Io, tr("%1: cannot create the folder").arg(QFileInfo(path).path()));
    auto store = Store::open(path);
    if (!store)
        return store.error();
    auto report = attach::FolderSync::run(**store, *folder);
    if (!report)
        return report.error();
    if (problems)
        *problems = report->problems;
    if (canonicalFolder)
        *canonicalFolder = *folder;
    return path;
}

void AttachController::start(const QString &folder)
{
    stop();
    m_folder = folder;
    m_storePath = m_session->path();
    m_watcher.addPath(folder);
    m_rescan.start();
}

void AttachController::stop()
{
    m_rescan.stop();
    m_soon.stop();
    m_pending = false;
    if (!m_watcher.directories().isEmpty())
        m_watcher.removePaths(m_watcher.directories());
    if (m_job.isRunning())
        m_job.waitForFinished();
    m_folder.clear();
}

void AttachController::requestSync()
{
    if (!isActive())
        return;
    if (m_job.isRunning()) {
        m_pending = true;
        return;
    }
    if (!m_soon.isActive())
        m_soon.start();
}

void AttachController::startJob()
{
    if (!isActive())
        return;
    if (m_job.isRunning()) {
        m_pending = true;
        return;
    }
    m_pending = false;
    const QString storePath = m_storePath;
    const QString folder = m_folder;
    // The worker owns its own connection, opened and closed inside the job.
    m_job.setFuture(QtConcurrent::run(workerPool(), [storePath, folder]() {
        JobResult result;
        auto store = Store::open(storePath);
        if (!store) {
            result.error = store.error().message;
            return result;
        }
        auto written = attach::WriteBack::run(**store, folder);
        if (!written) {
            result.error = written.error().message;
            return result;
        }
        auto read = attach::FolderSync::run(**store, folder);
        if (!read) {
            result.error = read.error().message;
            return result;
        }
        result.problems = read->problems + written->problems;
        result.retired = written->retired;
        result.changed = read->added + read->changed + read->removed + written->clashes > 0;
        return result;
    }));
}

void AttachController::jobFinished()
{
    const JobResult result = m_job.result();
    if (!isActive())
        return;
    if (!result.error.isEmpty())
        m_problems = { result.error };
    else
        m_problems = result.problems;
    if (result.changed)
        m_session->checkForChanges();
    Q_EMIT problemsChanged(m_problems);
    if (!result.retired.isEmpty())
        Q_EMIT filesRetired(result.retired); // after the problems: the latest status-bar message
    if (m_pending) {
        m_pending = false;
        startJob();
    }
}

} // namespace recollector::ui
