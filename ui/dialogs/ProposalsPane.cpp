#include "dialogs/ProposalsPane.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"
#include "models/Roles.h"
#include "store/Store.h"
#include "text/CountText.h"
#include "text/EventText.h"
#include "text/MaskedText.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <memory>

namespace recollector::ui {

using namespace recollector::core;

ProposalsPane::ProposalsPane(StoreSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_label(new QLabel), m_list(new QTableView),
      m_model(new QStandardItemModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_label->setObjectName(QStringLiteral("proposalsLabel"));
    m_label->setTextFormat(Qt::PlainText);
    m_label->setWordWrap(true);
    QFont bold = m_label->font();
    bold.setBold(true);
    m_label->setFont(bold);
    layout->addWidget(m_label);
    m_list->setObjectName(QStringLiteral("proposalsList"));
    m_model->setHorizontalHeaderLabels({ tr("When"), tr("Proposed change"), tr("Memory") });
    m_list->setModel(m_model);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setWordWrap(false);
    m_list->verticalHeader()->hide();
    m_list->horizontalHeader()->setStretchLastSection(true);
    m_list->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->setColumnWidth(1, 260);
    layout->addWidget(m_list, 1);
    connect(m_list->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ProposalsPane::selectionChanged);
    hide();
}

QString ProposalsPane::describe(const Proposal &p)
{
    switch (p.action) {
    case Proposal::Action::Create: return tr("Proposed by the assistant: a new memory");
    case Proposal::Action::Forget: return tr("Proposed by the assistant: forget it");
    case Proposal::Action::Reinforce: return tr("Proposed by the assistant: reinforce it");
    }
    return {};
}

bool ProposalsPane::reload(const Sink &say)
{
    Store *store = m_session->store();
    if (!store)
        return false;
    auto pending = Proposals::pending(*store);
    if (!pending) {
        say(pending.error().message);
        return false;
    }
    QStringList keep;
    for (const Proposal &p : selected())
        keep << QString::number(p.eventId);
    m_proposals = std::move(*pending);
    m_model->removeRows(0, m_model->rowCount());
    QList<int> again;
    for (const Proposal &p : m_proposals) {
        const Detail d = detail(p);
        QList<QStandardItem *> items { new QStandardItem(EventText::relative(p.at, m_session->now())),
                                       new QStandardItem(describe(p)),
                                       new QStandardItem((d.isNew ? d.after : d.before).simplified()) };
        items.first()->setData(p.memoryId, IdRole);
        items.first()->setToolTip(QLocale().toString(QDateTime::fromMSecsSinceEpoch(p.at), QLocale::ShortFormat));
        if (keep.contains(QString::number(p.eventId)))
            again << m_model->rowCount();
        m_model->appendRow(items);
    }
    m_label->setText(countText("ProposalsPane",
        QT_TRANSLATE_NOOP("ProposalsPane",
            "Proposed by the assistant: 1 change waits for your approval (A accept, R reject)"),
        QT_TRANSLATE_NOOP("ProposalsPane",
            "Proposed by the assistant: %1 changes wait for your approval (A accept, R reject)"),
        qsizetype(m_proposals.size())));
    setVisible(!m_proposals.empty());
    selectRows(again);
    return true;
}

std::vector<Proposal> ProposalsPane::selected() const
{
    std::vector<Proposal> out;
    if (!isVisible() && m_proposals.empty())
        return out;
    for (const QModelIndex &index : m_list->selectionModel()->selectedRows()) {
        if (std::size_t(index.row()) < m_proposals.size())
            out.push_back(m_proposals[std::size_t(index.row())]);
    }
    std::sort(out.begin(), out.end(), [](const Proposal &a, const Proposal &b) { return a.eventId < b.eventId; });
    return out;
}

void ProposalsPane::selectRows(const QList<int> &rows)
{
    QItemSelection selection;
    for (int r : rows)
        selection.select(m_model->index(r, 0), m_model->index(r, m_model->columnCount() - 1));
    m_list->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!rows.isEmpty())
        m_list->selectionModel()->setCurrentIndex(m_model->index(rows.first(), 0), QItemSelectionModel::NoUpdate);
}

ProposalsPane::Detail ProposalsPane::detail(const Proposal &p) const
{
    Detail d;
    Store *store = m_session->store();
    const bool privacy = m_session->privacyMode();
    if (p.action == Proposal::Action::Create) {
        d.isNew = true;
        d.after = MaskedText::mask(false, p.memory.sensitivity, privacy).value_or(p.memory.content);
        d.note = tr("Not remembered yet: the assistant does not recall it until you accept it.");
        return d;
    }
    auto memory = store ? store->memories().get(p.memoryId) : Result<Memory>(Error::make(Error::Code::NotFound, QString()));
    if (!memory) {
        d.note = tr("The memory is gone: accepting this does nothing but say so.");
        return d;
    }
    d.before = MaskedText::shown(*memory, privacy);
    if (p.action == Proposal::Action::Forget) {
        d.note = tr("The assistant wants to forget this memory. It stays until you accept.");
    } else {
        d.after = d.before;
        d.note = tr("The assistant used this memory again and wants it to last longer. Nothing changes until you accept.");
    }
    return d;
}

bool ProposalsPane::answerSelected(bool accept, const Push &push, const Sink &errors)
{
    const std::vector<Proposal> chosen = selected();
    if (chosen.empty() || !m_session->store())
        return false;
    auto shared = std::make_shared<const std::vector<Proposal>>(chosen);
    QStringList keys;
    for (std::size_t i = 0; i < chosen.size(); ++i)
        keys << QString::number(i);
    const QString text = accept
        ? countText("ProposalsPane", QT_TRANSLATE_NOOP("ProposalsPane", "Accept 1 proposal"),
            QT_TRANSLATE_NOOP("ProposalsPane", "Accept %1 proposals"), qsizetype(chosen.size()))
        : countText("ProposalsPane", QT_TRANSLATE_NOOP("ProposalsPane", "Reject 1 proposal"),
            QT_TRANSLATE_NOOP("ProposalsPane", "Reject %1 proposals"), qsizetype(chosen.size()));
    // One step of the undo stack, every proposal in one transaction (DecisionCommand): Undo
    // takes the answers back, and the proposals wait again.
    return push(new DecisionCommand(
        m_session, text, keys,
        [shared, accept](Decisions &d, const QString &key) {
            const Proposal &p = shared->at(std::size_t(key.toLongLong()));
            return accept ? Proposals::accept(d, p) : Proposals::reject(d, p);
        },
        errors));
}

} // namespace recollector::ui
