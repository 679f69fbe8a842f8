#pragma once

#include "config/Config.h"
#include "engine/review/PastSnapshot.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "scoring/ScoringProfile.h"
#include "snapshot/MemorySnapshot.h"
#include "store/Store.h"

#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>

namespace recollector::core {
class StoreListener;
}

namespace recollector::ui {

/// The open store as the window sees it: the core::Store, its Config and active
/// ScoringProfile, the in-memory snapshot of every memory, and the instant scores are
/// evaluated at ("now", or a preview date). Everything in the window that shows memories
/// listens to its signals. Lives on the GUI thread; the store's connection is used there only
/// (a large store's snapshot is read on a worker through its own read-only connection).
///
/// Change notification: decisions made in this process call refresh(ids) after they commit;
/// other processes' commits are noticed by polling `PRAGMA data_version` (every 500 ms) and
/// turned into the ids their events name, or into a full reload when they cannot be told. On a
/// team store the server announces them (core::StoreListener, LISTEN/NOTIFY) and the same
/// check runs at once; the poll is then a slow check that the connection is alive, and a lost
/// one is opened again (connectionChanged; docs/team-store.md, "A lost connection").
class StoreSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreSession)

public:
    /// The folder `path` mirrors when it is an attached folder's side store (in the data
    /// folder's `attached/`), else empty; read through SQLite, read-only.
    static QString attachedFolderOf(const QString &path);

    explicit StoreSession(QObject *parent = nullptr);
    ~StoreSession() override;

    /// Opens a store (creating it when missing). On failure the current store, if any, stays
    /// open and the error says which file and why.
    [[nodiscard]] core::Status open(const QString &path);
    void close();
    bool isOpen() const { return m_store != nullptr; }
    /// The open store, or nullptr.
    core::Store *store() const { return m_store.get(); }
    QString path() const;
    /// The file's name without folder, for titles.
    QString displayName() const;
    bool isReadOnly() const;
    /// A caveat from opening (e.g. a newer schema opened read-only); empty normally.
    QString warning() const;

    const core::Config &config() const { return m_config; }
    /// Replaces the config (e.g. from the settings dialog), saves it in the store's meta and
    /// re-evaluates everything.
    [[nodiscard]] core::Status setConfig(const core::Config &config);
    const core::ScoringProfile &profile() const { return *m_profile; }
    QString profileName() const { return m_profile->name(); }
    /// Switches the store's profile — what the assistant recalls and the cleanup plans with —
    /// records it in the store's meta (docs/scoring.md, "Where the rules come from") and views
    /// scores under it.
    [[nodiscard]] core::Status setProfileName(const QString &name);
    /// The profile recorded in the store (what the assistant recalls with).
    QString storeProfileName() const { return m_storeProfile; }
    /// Views scores under another profile, for comparison: the table, panel and charts follow;
    /// the store (and so what the assistant recalls) is not changed.
    [[nodiscard]] core::Status setViewProfile(const QString &name);

    /// The instant scores are evaluated at: the preview date when one is set, else the clock.
    core::Millis now() const;
    bool isPreviewing() const { return m_previewAt != 0; }
    core::Millis previewAt() const { return m_previewAt; }
    /// Sets the preview instant ("preview at date"); 0 goes back to the live clock.
    void setNow(core::Millis at);

    /// "Contents as of" (docs/scoring.md#contents-as-of): the table, the panel and the charts
    /// show the memories as they were at `at`, rebuilt from the events on a worker; 0 goes
    /// back to the store as it is. Nothing can be changed meanwhile: isReadOnly() is true and
    /// decide() refuses.
    void setContentsAt(core::Millis at);
    /// The instant the contents are shown at; 0 = as they are now.
    core::Millis contentsAt() const { return m_contentsAt; }
    bool isShowingPast() const { return m_contentsAt != 0; }
    /// The rebuilt contents once the worker is done; null while it works or when showing now.
    const core::ContentsAsOf *pastContents() const { return m_past.get(); }
    /// True while the worker rebuilds the contents.
    bool isRebuildingPast() const { return m_pastLoading; }
    /// Blocks until a rebuild under way has finished (tests).
    void waitForContents();

    const core::MemorySnapshot &snapshot() const { return m_snapshot; }
    /// Privacy mode (View → Privacy Mode): the views mask the text of sensitivity ≥ 2.
    bool privacyMode() const { return m_privacyMode; }
    void setPrivacyMode(bool on)
    {
        if (on == m_privacyMode)
            return;
        m_privacyMode = on;
        Q_EMIT privacyModeChanged(on);
    }
    /// True while a large store's snapshot is still being read in the background.
    bool isLoading() const { return m_loading; }

    /// One memory read from the store (all fields).
    [[nodiscard]] core::Result<core::Memory> memory(const QString &id) const;
    /// Open conflicts in the store (0 when none or no store).
    qint64 openConflictCount() const;

    /// Runs a decision on the open store through core's one way in for decisions
    /// (core::attach::AttachedDecision): on an attached folder's side store the decision and
    /// the write-back of the files it changes commit together, or neither. `decide`'s error is
    /// returned as it is; a write-back that fails is said in words, with nothing recorded. The
    /// write-back's report goes out as writtenBack.
    [[nodiscard]] core::Status decide(const std::function<core::Status()> &decide);
    /// Re-reads these memories after this process changed them and notifies the views.
    void refresh(const QStringList &ids);
    /// Re-reads every memory (in the background for a large store) and notifies the views.
    void reload();
    /// Checks now for other writers' commits (the timer calls this; tests may too).
    void checkForChanges();
    void setPollInterval(int ms);
    /// True while the connection to a team store is lost and being opened again.
    bool isConnectionLost() const { return m_connectionLost; }

    /// Rows up to this count are read at once on open; a larger store shows this many first
    /// and reads the rest on a worker thread (docs/architecture.md, "Performance budget":
    /// open_first_paint_ms). 0 = all at once.
    void setFirstChunkRows(int rows) { m_firstChunkRows = rows; }
    /// Blocks until a background load has finished (tests, benchmarks).
    void waitForLoaded();

Q_SIGNALS:
    void opened(const QString &path);
    void aboutToClose();
    void closed();
    /// Before the whole snapshot is replaced (open, reload, end of a background load).
    void aboutToReload();
    /// After the whole snapshot was replaced: re-read everything.
    void reloaded();
    /// These snapshot rows changed (replaced, appended, or marked Removed). Emitted before
    /// memoriesChanged so the table is current when id listeners look.
    void rowsRefreshed(const QList<quint32> &rows);
    /// These memories changed (values, added, or removed from the store).
    void memoriesChanged(const QStringList &ids);
    void profileChanged();
    void configChanged();
    /// The evaluation instant moved (preview date set or cleared, or the clock ticked on).
    void nowChanged();
    void loadingChanged(bool loading);
    /// Something went wrong in the background (a refresh or reload failed).
    void errorOccurred(const QString &message);
    void privacyModeChanged(bool on);
    /// The connection to a team store was lost (false; it is being opened again), or is back
    /// (true; what others committed meanwhile has been read).
    void connectionChanged(bool connected);
    /// "Contents as of" was switched on, moved, rebuilt (pastContents() set) or switched off.
    void contentsAtChanged();
    /// A decision's write-back to the attached folder (decide): the files that left the folder
    /// because their memory was marked wrong or replaced, and the problem lines (a clash).
    void writtenBack(const QStringList &retired, const QStringList &problems);

private:
    void loadConfigAndProfile();
    void startBackgroundLoad();
    void finishBackgroundLoad();
    void setLoading(bool loading);
    void startPastLoad();
    void finishPastLoad();
    core::Status refusePast() const;
    void listen();
    void queueCheck();
    void reconnect();

    std::unique_ptr<core::Store> m_store;
    core::Config m_config;
    std::unique_ptr<core::ScoringProfile> m_profile;
    QString m_storeProfile = QStringLiteral("ebbinghaus"); ///< the store's meta value as last read
    core::MemorySnapshot m_snapshot;
    core::Millis m_previewAt = 0;
    qint64 m_dataVersion = -1;
    int m_firstChunkRows = 5000;
    bool m_loading = false;
    bool m_privacyMode = false;
    bool m_reloadPending = false;
    QTimer m_pollTimer;
    int m_pollMs = 500;
    std::unique_ptr<core::StoreListener> m_listener;
    bool m_checkQueued = false;
    bool m_connectionLost = false;
    QTimer m_clockTimer;
    using LoadResult = std::shared_ptr<core::Result<core::MemorySnapshot>>;
    QFutureWatcher<LoadResult> m_loadWatcher;
    std::shared_ptr<std::atomic<bool>> m_cancelLoad;
    core::Millis m_contentsAt = 0;
    std::shared_ptr<const core::ContentsAsOf> m_past;
    bool m_pastLoading = false;
    bool m_returningToNow = false; ///< the live rows are being read again after "Contents as of"
    using PastResult = std::shared_ptr<core::Result<core::PastSnapshot>>;
    QFutureWatcher<PastResult> m_pastWatcher;
    std::shared_ptr<std::atomic<bool>> m_cancelPast;
};

} // namespace recollector::ui
