#include "views/RetrievalPlayground.h"

#include "StoreSession.h"
#include "text/MaskedText.h"
#include "attach/AttachedFolder.h"
#include "engine/graph/KeywordIndex.h"
#include "models/Roles.h"
#include "text/EventText.h"
#include "support/FlowLayout.h"
#include "views/RetrievalExplanation.h"
#include "text/ScoringText.h"

#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace recollector::ui {

using namespace recollector::core;

namespace {

constexpr int kDefaultDebounceMs = 250;
constexpr int kMaxIncrementalIds = 2000; // more changed ids than this: rebuild the index lazily

/// A query mode in the summary line's words ("in review mode").
QString modeWords(QueryMode mode)
{
    switch (mode) {
    case QueryMode::Normal: return RetrievalPlayground::tr("normal", "query mode");
    case QueryMode::Review: return RetrievalPlayground::tr("review", "query mode");
    case QueryMode::Debug: return RetrievalPlayground::tr("debug", "query mode");
    }
    return queryModeName(mode);
}

enum PlaygroundColumn : int /* not Roles.h's Column: this tree's own */ { RankCol, MemoryCol, ScoreCol, RecallCol, ActivationCol, ColCount };

// ULIDs ("mem_01KFR25DBFTZ882QH3Y04FH4WS") differ early enough to be told apart by 13 characters.
QString shortId(const QString &id) { return id.size() > 14 ? id.left(13) + QStringLiteral("…") : id; }

QString oneLine(const QString &text) { return text.simplified(); }

} // namespace

RetrievalPlayground::RetrievalPlayground(StoreSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("retrievalPlayground"));
    setWindowTitle(tr("Retrieval playground"));
    createControls();
    createResultTree();
    buildLayout();
    connectControls();
    followSession();
    repopulateProjects();
    updateSummary();
}

void RetrievalPlayground::createControls()
{
    m_query = new QLineEdit(this);
    m_query->setObjectName(QStringLiteral("playgroundQuery"));
    m_query->setPlaceholderText(tr("Type what the assistant is asked, e.g. “how do we run the tests”"));
    m_query->setClearButtonEnabled(true);
    m_run = new QPushButton(tr("&Run"), this);
    m_run->setObjectName(QStringLiteral("playgroundRun"));
    m_run->setToolTip(tr("Run the query now (it also runs as you type). Nothing is recorded."));

    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("playgroundMode"));
    m_mode->addItem(tr("Normal"), int(QueryMode::Normal));
    m_mode->setItemData(0, tr("What the assistant recalls: full and summary levels, not negated, not deleted, "
                              "above the profile's forgotten line"), Qt::ToolTipRole);
    m_mode->addItem(tr("Review"), int(QueryMode::Review));
    m_mode->setItemData(1, tr("Every level, negated memories included; not deleted"), Qt::ToolTipRole);
    m_mode->addItem(tr("Debug"), int(QueryMode::Debug));
    m_mode->setItemData(2, tr("Everything, deleted memories too"), Qt::ToolTipRole);

    m_project = new QComboBox(this);
    m_project->setObjectName(QStringLiteral("playgroundProject"));
    m_project->setToolTip(tr("The project the query is asked from: its memories get +0.3 and win scope conflicts"));
    m_project->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_project->setMaximumWidth(320);
    m_project->addItem(tr("Any project"), QString());

    m_limit = new QSpinBox(this);
    m_limit->setObjectName(QStringLiteral("playgroundLimit"));
    m_limit->setRange(1, 100);
    m_limit->setValue(RetrievalOptions{}.maxResults);
    m_limit->setToolTip(tr("Most results shown (direct and associative together)"));

    m_explainAll = new QCheckBox(tr("Explain all"), this);
    m_explainAll->setObjectName(QStringLiteral("playgroundExplainAll"));
    m_explainAll->setToolTip(tr("Expand every result's score terms and activation path"));

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("playgroundSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void RetrievalPlayground::createResultTree()
{
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("playgroundResults"));
    m_tree->setColumnCount(ColCount);
    m_tree->setHeaderLabels({tr("#"), tr("Memory"), tr("Score"), tr("Recall"), tr("Activation")});
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setExpandsOnDoubleClick(false); // double-click opens the memory; the arrow expands
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    QHeaderView *header = m_tree->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(MemoryCol, QHeaderView::Stretch);
    for (int c : {RankCol, ScoreCol, RecallCol, ActivationCol})
        header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
}

void RetrievalPlayground::buildLayout()
{
    auto *queryRow = new QHBoxLayout;
    auto *queryLabel = new QLabel(tr("&Query:"), this);
    queryLabel->setBuddy(m_query);
    queryRow->addWidget(queryLabel);
    queryRow->addWidget(m_query, 1);
    queryRow->addWidget(m_run);

    // The options wrap on a narrow dock; each label stays with its field.
    auto *optionRow = new FlowLayout(nullptr, 12);
    auto addLabelled = [this, optionRow](const QString &text, QWidget *widget) {
        auto *pair = new QWidget(this);
        auto *pairLayout = new QHBoxLayout(pair);
        pairLayout->setContentsMargins(0, 0, 0, 0);
        auto *label = new QLabel(text, pair);
        label->setBuddy(widget);
        pairLayout->addWidget(label);
        pairLayout->addWidget(widget);
        optionRow->addWidget(pair);
    };
    addLabelled(tr("&Mode:"), m_mode);
    addLabelled(tr("&Project:"), m_project);
    addLabelled(tr("&Limit:"), m_limit);
    optionRow->addWidget(m_explainAll);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(queryRow);
    layout->addLayout(optionRow);
    layout->addWidget(m_summary);
    layout->addWidget(m_tree, 1);
}

void RetrievalPlayground::connectControls()
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDefaultDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &RetrievalPlayground::run);
    connect(m_query, &QLineEdit::textEdited, this, &RetrievalPlayground::scheduleRun);
    connect(m_query, &QLineEdit::returnPressed, this, &RetrievalPlayground::run);
    connect(m_run, &QPushButton::clicked, this, &RetrievalPlayground::run);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &RetrievalPlayground::run);
    connect(m_project, &QComboBox::currentIndexChanged, this, [this]() {
        if (!m_updatingProjects)
            run();
    });
    connect(m_limit, &QSpinBox::valueChanged, this, &RetrievalPlayground::scheduleRun);
    connect(m_explainAll, &QCheckBox::toggled, this, &RetrievalPlayground::setExplanationsExpanded);
    connect(m_tree, &QTreeWidget::currentItemChanged, this,
            [this](QTreeWidgetItem *current) { onCurrentItemChanged(current); });
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const QString id = item ? item->data(RankCol, IdRole).toString() : QString();
        if (!id.isEmpty())
            Q_EMIT memoryActivated(id);
    });
}

void RetrievalPlayground::followSession()
{
    if (!m_session)
        return;
    auto storeReplaced = [this]() {
        dropIndex();
        repopulateProjects();
        scheduleRerun();
    };
    connect(m_session, &StoreSession::opened, this, storeReplaced);
    connect(m_session, &StoreSession::closed, this, storeReplaced);
    connect(m_session, &StoreSession::reloaded, this, storeReplaced);
    connect(m_session, &StoreSession::memoriesChanged, this, [this](const QStringList &ids) {
        updateIndex(ids);
        repopulateProjects();
        scheduleRerun();
    });
    connect(m_session, &StoreSession::configChanged, this, &RetrievalPlayground::scheduleRerun);
    connect(m_session, &StoreSession::profileChanged, this, &RetrievalPlayground::scheduleRerun);
    connect(m_session, &StoreSession::nowChanged, this, &RetrievalPlayground::scheduleRerun);
}

RetrievalPlayground::~RetrievalPlayground() = default;

QString RetrievalPlayground::query() const { return m_query->text(); }

void RetrievalPlayground::setQuery(const QString &query)
{
    m_query->setText(query);
    run();
}

QueryMode RetrievalPlayground::mode() const { return QueryMode(m_mode->currentData().toInt()); }

void RetrievalPlayground::setMode(QueryMode mode)
{
    const int index = m_mode->findData(int(mode));
    if (index == m_mode->currentIndex())
        return;
    m_mode->setCurrentIndex(index); // runs
}

QString RetrievalPlayground::project() const { return m_project->currentData().toString(); }

void RetrievalPlayground::setProject(const QString &project)
{
    int index = m_project->findData(project);
    if (index < 0) { // a project no memory has (yet): still a valid place to ask from
        m_updatingProjects = true;
        m_project->addItem(project, project);
        m_updatingProjects = false;
        index = m_project->count() - 1;
    }
    if (index == m_project->currentIndex())
        return;
    m_project->setCurrentIndex(index); // runs
}

int RetrievalPlayground::maxResults() const { return m_limit->value(); }

void RetrievalPlayground::setMaxResults(int count)
{
    m_limit->setValue(count);
    run();
}

void RetrievalPlayground::setExplanationsExpanded(bool expanded)
{
    if (m_explainAll->isChecked() != expanded) {
        m_explainAll->setChecked(expanded); // comes back here through toggled
        return;
    }
    if (expanded)
        m_tree->expandAll();
    else
        m_tree->collapseAll();
}

void RetrievalPlayground::setDebounceInterval(int ms) { m_debounce.setInterval(ms); }

void RetrievalPlayground::scheduleRun() { m_debounce.start(); }

void RetrievalPlayground::scheduleRerun()
{
    if (!m_lastQuery.isEmpty() || !m_query->text().trimmed().isEmpty())
        m_debounce.start();
}

void RetrievalPlayground::dropIndex()
{
    m_index.reset();
    m_contentCache.clear();
}

void RetrievalPlayground::updateIndex(const QStringList &ids)
{
    m_contentCache.clear();
    if (!m_index || !m_session || !m_session->isOpen())
        return;
    if (ids.size() > kMaxIncrementalIds) {
        dropIndex();
        return;
    }
    for (const QString &id : ids) {
        auto memory = m_session->memory(id);
        if (memory)
            m_index->upsert(*memory);
        else
            m_index->remove(id); // purged
    }
}

void RetrievalPlayground::repopulateProjects()
{
    QStringList projects;
    if (m_session && m_session->isOpen()) {
        for (const QString &p : m_session->snapshot().projectNames()) {
            if (!p.isEmpty())
                projects << p;
        }
    }
    projects.removeDuplicates();
    projects.sort(Qt::CaseInsensitive);
    QStringList shown;
    for (int i = 1; i < m_project->count(); ++i)
        shown << m_project->itemData(i).toString();
    if (shown == projects)
        return;
    const QString current = project();
    m_updatingProjects = true;
    while (m_project->count() > 1)
        m_project->removeItem(1);
    for (const QString &p : projects)
        m_project->addItem(p, p);
    const int index = m_project->findData(current);
    m_project->setCurrentIndex(index >= 0 ? index : 0);
    m_updatingProjects = false;
    if (index < 0 && !current.isEmpty())
        scheduleRerun(); // the project vanished: the query now runs for any project
}

namespace {

// An attached agent-hub folder recalls by itself with the keyword formula (docs/scoring.md,
// "Retrieval"): there the playground shows what the hub would return (docs/scoring.md,
// "Recall ranking").
bool recallsLikeTheHub(StoreSession &session)
{
    const QString folder = StoreSession::attachedFolderOf(session.path());
    return !folder.isEmpty()
        && core::attach::AttachedFolder::kindFor(*session.store(), folder)
        == core::attach::AttachedFolder::Kind::AgentFolder;
}

} // namespace

void RetrievalPlayground::run()
{
    m_debounce.stop();
    m_error.clear();
    m_results.clear();
    m_queryKeywords.clear();
    m_lastQuery = m_query->text().trimmed();
    StoreSession *session = m_session;
    if (session && session->isOpen() && !m_lastQuery.isEmpty()) {
        m_hubRanking = recallsLikeTheHub(*session);
        if (m_hubRanking && !m_index) {
            auto built = KeywordIndex::build(*session->store());
            if (built)
                m_index = std::make_unique<KeywordIndex>(std::move(*built));
            else
                m_error = built.error().message;
        }
        if (!m_hubRanking || m_index) {
            Retrieval retrieval(*session->store(), session->config(), session->profile());
            RetrievalOptions options;
            if (m_hubRanking) {
                retrieval.setKeywordIndex(m_index.get());
                options.ranking = Ranking::Keywords;
            }
            options.mode = mode();
            options.project = project();
            options.preview = true; // the playground looks; it never records an access
            options.maxResults = m_limit->value();
            auto results = retrieval.retrieve(m_lastQuery, options, session->now());
            if (results) {
                m_results = std::move(*results);
                m_queryKeywords = retrieval.queryKeywords();
            } else {
                m_error = results.error().message;
            }
        }
    }
    showResults();
}

QString RetrievalPlayground::contentOf(const QString &id)
{
    for (const RetrievalResult &r : m_results) {
        if (r.id == id)
            return MaskedText::shown(r.memory, m_session && m_session->privacyMode());
    }
    if (const auto it = m_contentCache.constFind(id); it != m_contentCache.cend())
        return *it;
    QString content;
    if (m_session) {
        if (auto memory = m_session->memory(id))
            content = MaskedText::shown(*memory, m_session->privacyMode());
    }
    m_contentCache.insert(id, content);
    return content;
}

QTreeWidgetItem *RetrievalPlayground::makeResultItem(int rank, const RetrievalResult &r)
{
    auto *item = new QTreeWidgetItem;
    QStringList path = r.path;
    path << r.id;
    item->setData(RankCol, IdRole, r.id);
    item->setData(RankCol, ActivationPathRole, path);
    item->setText(RankCol, QString::number(rank));
    const QString shown = MaskedText::shown(r.memory, m_session && m_session->privacyMode());
    item->setText(MemoryCol, oneLine(shown));
    item->setToolTip(MemoryCol, EventText::plainToolTip(shown + QStringLiteral("\n\n") + r.id));
    item->setText(ScoreCol, RetrievalExplanation::number(r.score));
    item->setTextAlignment(ScoreCol, Qt::AlignRight | Qt::AlignVCenter);
    item->setText(RecallCol, r.direct ? tr("direct") : (r.depth == 1 ? tr("associative · 1 hop") : tr("associative · %1 hops").arg(r.depth)));
    item->setToolTip(RecallCol, r.direct ? (m_hubRanking ? tr("A keyword of the query is one of its keywords")
                                                         : tr("It holds a word of the query"))
                                            : tr("Reached by spreading activation from a direct hit"));
    if (!r.direct)
        item->setForeground(RecallCol, QColor(0x6a, 0x3d, 0x9a));
    else
        item->setForeground(RecallCol, QColor(0x1f, 0x5f, 0xa8));
    item->setText(ActivationCol, RetrievalExplanation::number(r.activation));
    item->setTextAlignment(ActivationCol, Qt::AlignRight | Qt::AlignVCenter);
    item->setToolTip(ActivationCol, r.direct ? tr("Seed activation: its relevance ÷ the best relevance")
                                                : tr("Activation spread along the path (× weight × decay per hop)"));

    auto addChild = [item, &r](const QString &label, const QString &value) {
        auto *child = new QTreeWidgetItem(item);
        child->setData(RankCol, IdRole, r.id);
        child->setText(MemoryCol, label);
        child->setToolTip(MemoryCol, EventText::plainToolTip(label));
        child->setText(ScoreCol, value);
        child->setTextAlignment(ScoreCol, Qt::AlignRight | Qt::AlignVCenter);
        return child;
    };
    QTreeWidgetItem *formula = addChild(tr("score = %1").arg(RetrievalExplanation::formula(r)), QString());
    formula->setForeground(MemoryCol, QColor(0x55, 0x55, 0x55));
    QFont italic = formula->font(MemoryCol);
    italic.setItalic(true);
    formula->setFont(MemoryCol, italic);
    formula->setData(MemoryCol, Qt::UserRole, QStringLiteral("formula"));
    for (const RetrievalExplanation::Term &term : RetrievalExplanation::terms(r)) {
        QTreeWidgetItem *child = addChild(term.label, term.value);
        child->setData(MemoryCol, Qt::UserRole, term.key);
        if (term.key == QLatin1String("score")) {
            QFont bold = child->font(ScoreCol);
            bold.setBold(true);
            child->setFont(MemoryCol, bold);
            child->setFont(ScoreCol, bold);
        }
    }
    if (!r.direct)
        addPathItems(item, r);
    return item;
}

void RetrievalPlayground::addPathItems(QTreeWidgetItem *parent, const RetrievalResult &r)
{
    QStringList chain = r.path;
    chain << r.id;
    QStringList shortIds;
    for (const QString &id : chain)
        shortIds << shortId(id);
    auto *pathItem = new QTreeWidgetItem(parent);
    pathItem->setData(RankCol, IdRole, r.id);
    pathItem->setData(MemoryCol, Qt::UserRole, QStringLiteral("path"));
    pathItem->setText(MemoryCol, tr("activation path: %1").arg(shortIds.join(QStringLiteral(" → "))));
    pathItem->setToolTip(MemoryCol, EventText::plainToolTip(chain.join(QStringLiteral(" → "))));
    for (int i = 0; i < chain.size(); ++i) {
        const QString &id = chain[i];
        auto *hop = new QTreeWidgetItem(pathItem);
        hop->setData(RankCol, IdRole, id);
        hop->setData(MemoryCol, Qt::UserRole, QStringLiteral("hop"));
        QString role = i == 0 ? tr("seed") : (i == chain.size() - 1 ? tr("this") : tr("hop %1").arg(i));
        for (std::size_t rank = 0; rank < m_results.size(); ++rank) {
            if (i < chain.size() - 1 && m_results[rank].id == id) // a hop that is itself a result: say which
                role += QStringLiteral(" (#%1)").arg(rank + 1);
        }
        const QString content = contentOf(id);
        hop->setText(MemoryCol, QStringLiteral("%1%2  %3 · %4")
                                       .arg(i == 0 ? QString() : QStringLiteral("→ "), role, shortId(id), oneLine(content)));
        hop->setToolTip(MemoryCol, EventText::plainToolTip(content + QStringLiteral("\n\n") + id));
    }
}

void RetrievalPlayground::showResults()
{
    // Keep what the user was looking at across re-runs (config, profile, store changes).
    QString selectedId;
    if (QTreeWidgetItem *current = m_tree->currentItem()) {
        QTreeWidgetItem *top = current;
        while (top->parent())
            top = top->parent();
        selectedId = top->data(RankCol, IdRole).toString();
    }
    QSet<QString> expanded;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_tree->topLevelItem(i);
        if (item->isExpanded())
            expanded.insert(item->data(RankCol, IdRole).toString());
    }

    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    QList<QTreeWidgetItem *> items;
    int rank = 0;
    for (const RetrievalResult &r : m_results)
        items << makeResultItem(++rank, r);
    m_tree->addTopLevelItems(items);
    QTreeWidgetItem *reselect = nullptr;
    for (QTreeWidgetItem *item : items) {
        const QString id = item->data(RankCol, IdRole).toString();
        const bool open = m_explainAll->isChecked() || expanded.contains(id);
        item->setExpanded(open);
        for (int c = 0; c < item->childCount(); ++c) {
            if (item->child(c)->childCount() > 0)
                item->child(c)->setExpanded(true); // the path's hops show with the explanation
        }
        if (id == selectedId)
            reselect = item;
    }
    if (reselect)
        m_tree->setCurrentItem(reselect);
    updateSummary();
    Q_EMIT resultsChanged();
    onCurrentItemChanged(m_tree->currentItem());
}

void RetrievalPlayground::onCurrentItemChanged(QTreeWidgetItem *current)
{
    QTreeWidgetItem *top = current;
    while (top && top->parent())
        top = top->parent();
    Q_EMIT pathHighlighted(top ? top->data(RankCol, ActivationPathRole).toStringList() : QStringList());
}

void RetrievalPlayground::updateSummary()
{
    QString text;
    if (!m_error.isEmpty()) {
        text = tr("Retrieval failed: %1").arg(m_error);
    } else if (!m_session || !m_session->isOpen()) {
        text = tr("Open a store to try queries.");
    } else if (m_lastQuery.isEmpty()) {
        text = tr("Type a query to see what the assistant would recall, and why. Nothing is recorded: "
                  "no access, no strengthened link.");
    } else if (m_queryKeywords.isEmpty()) {
        text = m_hubRanking ? tr("No memory has any word of “%1” as a keyword.").arg(m_lastQuery)
                            : tr("Only common words in “%1”: nothing to look up.").arg(m_lastQuery);
    } else {
        int direct = 0;
        for (const RetrievalResult &r : m_results)
            direct += r.direct ? 1 : 0;
        const int associative = int(m_results.size()) - direct;
        text = tr("Query keywords: %1.  %2 recalled (%3 direct, %4 associative) in %5 mode under the %6 profile. "
                  "Preview only: nothing recorded.")
                   .arg(m_queryKeywords.join(QStringLiteral(", ")))
                   .arg(m_results.size())
                   .arg(direct)
                   .arg(associative)
                   .arg(modeWords(mode()), ScoringText::profile(m_session->profileName()));
        if (m_results.empty())
            text = tr("Query keywords: %1.  Nothing recalled in %2 mode (try review or debug).")
                       .arg(m_queryKeywords.join(QStringLiteral(", ")), modeWords(mode()));
        if (m_hubRanking)
            text = tr("As the agent hub recalls: %1").arg(text);
    }
    m_summary->setText(text);
}

} // namespace recollector::ui
