#pragma once

#include "model/Result.h"

#include <QFileSystemWatcher>
#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>

namespace recollector::ui {

class StoreSession;

/// Keeps an attached agent folder and the window's side store in step (docs/formats.md,
/// "Attached folders"; docs/architecture.md, "Live refresh"). What the assistant changes in
/// the folder reaches the side store through FolderSync; what the user decides reaches the
/// files in the decision's own transaction (StoreSession::decide), and what another writer of
/// the side store recorded reaches them through WriteBack. Both run as one job on a worker thread with its own connection
/// to the side store (never on the GUI thread), one job at a time: a request while one runs
/// queues exactly one more. A job is asked for by the folder's QFileSystemWatcher (a file
/// added, removed or renamed), by a rescan timer (an in-place edit, which a directory watch
/// does not report, or a watcher that overflowed: a rescan reads only files whose size or
/// time changed), by the application becoming active again, and by the session's own
/// decisions. When a job changed the side store, the session is told at once
/// (checkForChanges), so the table updates through the live-refresh path and keeps its
/// selection, sort and scroll.
class AttachController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttachController)

public:
    explicit AttachController(StoreSession *session, QObject *parent = nullptr);
    ~AttachController() override;

    /// Reads `dir` into its side store (on the calling thread; attaching writes no file) and
    /// returns the side store's path, for the session to open. `problems` gets one line per
    /// file that could not be read.
    [[nodiscard]] static core::Result<QString> prepare(const QString &dir, QString *canonicalFolder,
                                                       QStringList *problems);
    /// Starts watching `folder` (canonical) for the session's open side store.
    void start(const QString &folder);
    /// Stops watching and waits for a running job.
    void stop();
    bool isActive() const { return !m_folder.isEmpty(); }
    QString folder() const { return m_folder; }
    QStringList problems() const { return m_problems; }
    /// Asks for a job (write back, then read the folder).
    void requestSync();
    void setRescanInterval(int ms) { m_rescan.setInterval(ms); }
    /// True while a job runs or one is queued (tests wait for it to drop).
    bool isBusy() const { return m_job.isRunning() || m_pending; }

Q_SIGNALS:
    /// After each job: the folder's problem lines (files that do not parse, links inside,
    /// clashes) — the window shows them.
    void problemsChanged(const QStringList &problems);
    /// Files that left the folder because their memory was marked wrong or replaced.
    void filesRetired(const QStringList &files);

private:
    struct JobResult
    {
        QStringList retired;
        QString error;
        QStringList problems;
        bool changed = false;
    };
    void startJob();
    void jobFinished();

    StoreSession *m_session;
    QString m_folder;
    QString m_storePath;
    QStringList m_problems;
    QFileSystemWatcher m_watcher;
    QTimer m_soon;
    QTimer m_rescan;
    QFutureWatcher<JobResult> m_job;
    bool m_pending = false;
};

} // namespace recollector::ui
