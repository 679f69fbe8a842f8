#pragma once

#include "dialogs/JobDialog.h"
#include "engine/graph/AssociationBuilder.h"

#include <QPointer>

class QLabel;
class QPushButton;

namespace recollector::ui {

class StoreSession;

/// Store → Rebuild Links…: AssociationBuilder::rebuildAll on a worker with its own connection
/// (docs/scoring.md, "Associations"; docs/architecture.md, "Threads and connections"): every
/// derived link recomputed from the rules in one transaction, the links the user drew kept.
/// Progress and Cancel come from JobDialog; a cancel at any step rolls everything back. When it
/// is written the window reloads its snapshot.
class RebuildLinksDialog final : public JobDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RebuildLinksDialog)

public:
    explicit RebuildLinksDialog(StoreSession *session, QWidget *parent = nullptr);

    /// Starts the rebuild (the Rebuild button); false when one runs or no writable store is open.
    bool startRebuild();

Q_SIGNALS:
    /// The rebuild ended: written (true), or cancelled / failed with nothing written (false).
    void rebuildFinished(bool written);

private:
    void finishRebuild(core::Result<core::AssociationBuilder::Stats> result, const QString &storePath);

    QPointer<StoreSession> m_session;
    QLabel *m_result;
    QPushButton *m_rebuild;
    QPushButton *m_close;
};

} // namespace recollector::ui
