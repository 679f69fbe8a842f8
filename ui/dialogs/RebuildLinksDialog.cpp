#include "dialogs/RebuildLinksDialog.h"

#include "StoreSession.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace recollector::ui {

using namespace recollector::core;

namespace {

Result<AssociationBuilder::Stats> rebuild(const QString &storePath, const Config &config, JobControl &control)
{
    control.setPhase(QCoreApplication::translate("RebuildLinksDialog", "Reading the keywords…"));
    auto store = Store::open(storePath); // this thread's own connection
    if (!store)
        return store.error();
    AssociationBuilder builder(**store, config);
    control.setPhase(QCoreApplication::translate("RebuildLinksDialog", "Linking memories…"));
    bool writing = false;
    return builder.rebuildAll(nullptr, [&](qint64 done, qint64 total) {
        // The first half proposes links, the second writes them (AssociationBuilder::Progress).
        if (!writing && done * 2 >= total) {
            writing = true;
            control.setPhase(QCoreApplication::translate("RebuildLinksDialog", "Writing the links…"));
        }
        return control.report(int(done), int(total));
    });
}

} // namespace

RebuildLinksDialog::RebuildLinksDialog(StoreSession *session, QWidget *parent)
    : JobDialog(parent), m_session(session), m_result(new QLabel(this)), m_rebuild(new QPushButton(tr("&Rebuild"), this)),
      m_close(new QPushButton(tr("Close"), this))
{
    setObjectName(QStringLiteral("rebuildLinksDialog"));
    setWindowTitle(tr("Rebuild links"));
    auto *layout = new QVBoxLayout(this);
    auto *about = new QLabel(tr("Recomputes every derived link (keyword, co-task, temporal, co-project) of the "
                                "whole store from the rules. Links you drew yourself stay as they are. New and "
                                "edited memories are linked as they are written; a rebuild is for a store "
                                "written by older versions or other programs."),
                             this);
    about->setWordWrap(true);
    about->setMinimumWidth(420);
    layout->addWidget(about);
    m_result->setObjectName(QStringLiteral("resultLabel"));
    m_result->setWordWrap(true);
    layout->addWidget(m_result);
    layout->addWidget(jobProgress());
    auto *buttons = new QDialogButtonBox(this);
    m_rebuild->setObjectName(QStringLiteral("rebuildButton"));
    m_close->setObjectName(QStringLiteral("closeButton"));
    buttons->addButton(m_rebuild, QDialogButtonBox::ActionRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);
    layout->addWidget(buttons);
    setCloseButton(m_close);
    connect(m_rebuild, &QPushButton::clicked, this, &RebuildLinksDialog::startRebuild);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
}

bool RebuildLinksDialog::startRebuild()
{
    if (!m_session || !m_session->store() || m_session->isReadOnly() || isJobRunning())
        return false;
    const QString storePath = m_session->path();
    m_rebuild->setEnabled(false);
    m_result->clear();
    setBanner(m_result, Banner::Clear);
    runJob<AssociationBuilder::Stats>(
        tr("Rebuilding links…"),
        [storePath, config = m_session->config()](JobControl &control) { return rebuild(storePath, config, control); },
        [this, storePath](Result<AssociationBuilder::Stats> result) { finishRebuild(std::move(result), storePath); });
    return true;
}

void RebuildLinksDialog::finishRebuild(Result<AssociationBuilder::Stats> result, const QString &storePath)
{
    m_rebuild->setEnabled(true);
    if (!result) {
        const bool cancelled = isCancelled(result.error());
        m_result->setText(cancelled ? tr("Cancelled; nothing was written.") : result.error().message);
        setBanner(m_result, cancelled ? Banner::Clear : Banner::Error);
        emit rebuildFinished(false);
        return;
    }
    const QLocale locale;
    m_result->setText(tr("%1 derived links for %2 memories (%3 links in all).")
                          .arg(locale.toString(result->derived), locale.toString(result->memories),
                               locale.toString(result->total)));
    setBanner(m_result, Banner::Success);
    // The session may have moved to another store meanwhile: then there is nothing to reload.
    if (m_session && m_session->store() && m_session->path() == storePath)
        m_session->reload();
    emit rebuildFinished(true);
}

} // namespace recollector::ui
