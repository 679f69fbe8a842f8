#include "views/FilterBar.h"

#include "StoreSession.h"
#include "text/CategoryText.h"
#include "text/SourceText.h"

#include <algorithm>
#include <limits>

#include <QActionGroup>
#include <QComboBox>
#include "support/FlowLayout.h"
#include "text/TierText.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QToolButton>

namespace recollector::ui {

using core::SnapshotFilter;

namespace {

QActionGroup *addTriState(QMenu *menu, const QString &title, const QString &yes, const QString &no, QObject *owner)
{
    menu->addSection(title);
    auto *group = new QActionGroup(owner);
    group->setExclusive(true);
    const std::array<std::pair<QString, int>, 3> choices{
        {{FilterBar::tr("Any"), -1}, {yes, 1}, {no, 0}}};
    for (const auto &[label, value] : choices) {
        QAction *action = menu->addAction(label);
        action->setCheckable(true);
        action->setData(value);
        action->setChecked(value == -1);
        group->addAction(action);
    }
    return group;
}

std::optional<bool> triState(const QActionGroup *group)
{
    const QAction *checked = group->checkedAction();
    const int value = checked ? checked->data().toInt() : -1;
    if (value < 0)
        return std::nullopt;
    return value == 1;
}

void setTriState(QActionGroup *group, std::optional<bool> value)
{
    const int wanted = value ? int(*value) : -1;
    for (QAction *action : group->actions())
        action->setChecked(action->data().toInt() == wanted);
}

QComboBox *makeCombo(const QString &objectName, const QString &toolTip, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->setObjectName(objectName);
    combo->setToolTip(toolTip);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    combo->setMaximumWidth(220);
    return combo;
}

} // namespace

FilterBar::FilterBar(StoreSession *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("filterBar"));
    // Wraps to a second row on a narrow window instead of cutting the combos' text.
    auto *layout = new FlowLayout(this, 6);
    layout->setContentsMargins(6, 4, 6, 4);

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("searchEdit"));
    m_search->setPlaceholderText(tr("Search content and keywords…"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(220);
    layout->addWidget(m_search);

    m_category = makeCombo(QStringLiteral("categoryFilter"), tr("Category"), this);
    m_tier = makeCombo(QStringLiteral("tierFilter"), tr("Tier under the active profile"), this);
    m_source = makeCombo(QStringLiteral("sourceFilter"), tr("Where the memory came from"), this);
    m_project = makeCombo(QStringLiteral("projectFilter"), tr("Project scope"), this);
    for (QComboBox *combo : {m_category, m_tier, m_source, m_project})
        layout->addWidget(combo);

    m_flags = new QToolButton(this);
    m_flags->setObjectName(QStringLiteral("flagsFilter"));
    m_flags->setPopupMode(QToolButton::InstantPopup);
    m_flags->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_flags->setMenu(createFlagsMenu());
    layout->addWidget(m_flags);

    m_mode = makeCombo(QStringLiteral("modeFilter"), tr("Query mode: normal hides negated, deleted, archived and "
                                                         "forgotten memories; review shows every level; debug "
                                                         "shows deleted ones too"),
                       this);
    // Labelled with what each mode shows, not the mode's name alone.
    m_mode->addItem(tr("Show: what the assistant recalls"), int(SnapshotFilter::Mode::Normal));
    m_mode->addItem(tr("Show: everything (review)"), int(SnapshotFilter::Mode::Review));
    m_mode->addItem(tr("Show: everything, deleted too (debug)"), int(SnapshotFilter::Mode::Debug));
    m_mode->setMaximumWidth(QWIDGETSIZE_MAX); // its labels are sentences: never cut them
    m_mode->setCurrentIndex(1);
    layout->addWidget(m_mode);

    m_counts = new QLabel(this);
    m_counts->setObjectName(QStringLiteral("filterCounts"));
    m_counts->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_counts->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    layout->addWidget(m_counts);

    m_tier->addItem(tr("All tiers"));
    for (int t = 0; t < core::kTierCount; ++t)
        m_tier->addItem(TierText::label(core::Tier(t)), t);

    connectControls();
    connect(session, &StoreSession::reloaded, this, &FilterBar::repopulate);
    connect(session, &StoreSession::memoriesChanged, this, &FilterBar::repopulate);
    updateFlagsButton();
    repopulate();
}

void FilterBar::connectControls()
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &FilterBar::emitNow);
    connect(m_search, &QLineEdit::textChanged, this, [this]() {
        if (!m_updating)
            m_debounce.start();
    });
    connect(m_search, &QLineEdit::returnPressed, this, &FilterBar::emitNow);
    for (QComboBox *combo : {m_category, m_tier, m_source, m_project, m_mode}) {
        connect(combo, &QComboBox::currentIndexChanged, this, [this]() {
            if (!m_updating)
                emitNow();
        });
    }
    for (QActionGroup *group : {m_verified, m_negated, m_permanent, m_sensitivity}) {
        connect(group, &QActionGroup::triggered, this, [this]() {
            updateFlagsButton();
            emitNow();
        });
    }
}

QMenu *FilterBar::createFlagsMenu()
{
    auto *menu = new QMenu(this);
    m_verified = addTriState(menu, tr("Verified"), tr("Verified only"), tr("Not verified"), this);
    m_negated = addTriState(menu, tr("Negated"), tr("Negated only"), tr("Not negated"), this);
    m_permanent = addTriState(menu, tr("Permanent"), tr("Permanent only"), tr("Not permanent"), this);
    menu->addSection(tr("Sensitivity"));
    m_sensitivity = new QActionGroup(this);
    const std::array<std::tuple<QString, int, int>, 4> levels{{{tr("Any"), 0, 3},
                                                               {tr("Normal (0–1)"), 0, 1},
                                                               {tr("Private (2–3)"), 2, 3},
                                                               {tr("Encrypted (3)"), 3, 3}}};
    for (const auto &[label, low, high] : levels) {
        QAction *action = menu->addAction(label);
        action->setCheckable(true);
        action->setData(QPoint(low, high));
        action->setChecked(low == 0 && high == 3);
        m_sensitivity->addAction(action);
    }
    return menu;
}

void FilterBar::updateFlagsButton()
{
    int active = 0;
    for (QActionGroup *group : {m_verified, m_negated, m_permanent})
        active += triState(group).has_value() ? 1 : 0;
    const QAction *sensitivity = m_sensitivity->checkedAction();
    if (sensitivity && sensitivity->data().toPoint() != QPoint(0, 3))
        ++active;
    m_flags->setText(active ? tr("Flags (%1)").arg(active) : tr("Flags"));
    m_flags->setToolTip(tr("Verified, negated, permanent and sensitivity filters"));
}

void FilterBar::fillCombo(QComboBox *combo, const QString &anyLabel, const QStringList &values,
                          const QStringList &labels)
{
    const QVariant current = combo->currentData();
    combo->clear();
    combo->addItem(anyLabel);
    for (qsizetype i = 0; i < values.size(); ++i)
        combo->addItem(labels[i], values[i]);
    const int index = current.isValid() ? combo->findData(current) : 0;
    combo->setCurrentIndex(index >= 0 ? index : 0);
}

void FilterBar::repopulate()
{
    const core::MemorySnapshot &s = m_session->snapshot();
    // Only when a name appeared or vanished: most refreshes change no interned list.
    auto sorted = [](QStringList list) {
        list.removeDuplicates();
        list.sort(Qt::CaseInsensitive);
        return list;
    };
    const QStringList categories = sorted(s.categoryNames());
    const QStringList sources = sorted(s.sourceNames());
    const QStringList projects = sorted(s.projectNames());
    auto sameAs = [](const QComboBox *combo, const QStringList &values) {
        if (combo->count() != values.size() + 1)
            return false;
        for (qsizetype i = 0; i < values.size(); ++i) {
            if (combo->itemData(int(i + 1)).toString() != values[i])
                return false;
        }
        return true;
    };
    if (sameAs(m_category, categories) && sameAs(m_source, sources) && sameAs(m_project, projects))
        return;
    m_updating = true;
    QStringList categoryLabels;
    for (const QString &name : categories)
        categoryLabels << CategoryText::words(name);
    fillCombo(m_category, tr("All categories"), categories, categoryLabels);
    QStringList sourceLabels;
    for (const QString &type : sources)
        sourceLabels << SourceText::words(type);
    fillCombo(m_source, tr("All sources"), sources, sourceLabels);
    QStringList projectLabels = projects;
    for (QString &label : projectLabels) {
        if (label.isEmpty())
            label = tr("(global)");
    }
    fillCombo(m_project, tr("All projects"), projects, projectLabels);
    m_updating = false;
}

void FilterBar::readControls()
{
    SnapshotFilter f;
    f.text = m_search->text().trimmed();
    auto listOf = [](const QComboBox *combo) {
        const QVariant value = combo->currentData();
        return value.isValid() ? QStringList{value.toString()} : QStringList{};
    };
    f.categories = listOf(m_category);
    f.sources = listOf(m_source);
    f.projects = listOf(m_project);
    const QVariant tier = m_tier->currentData();
    f.tiers = tier.isValid() ? SnapshotFilter::tierBit(core::Tier(tier.toInt())) : SnapshotFilter::kAllTiers;
    f.verified = triState(m_verified);
    f.negated = triState(m_negated);
    f.permanent = triState(m_permanent);
    if (const QAction *level = m_sensitivity->checkedAction()) {
        f.minSensitivity = level->data().toPoint().x();
        f.maxSensitivity = level->data().toPoint().y();
    }
    f.mode = SnapshotFilter::Mode(m_mode->currentData().toInt());
    m_filter = f;
}

void FilterBar::emitNow()
{
    m_debounce.stop();
    readControls();
    Q_EMIT filterChanged(m_filter);
}

void FilterBar::setFilter(const SnapshotFilter &filter)
{
    m_updating = true;
    m_search->setText(filter.text);
    auto choose = [](QComboBox *combo, const QStringList &values) {
        const int index = values.size() == 1 ? combo->findData(values.first()) : 0;
        combo->setCurrentIndex(index >= 0 ? index : 0);
    };
    choose(m_category, filter.categories);
    choose(m_source, filter.sources);
    choose(m_project, filter.projects);
    int tierIndex = 0;
    for (int t = 0; t < core::kTierCount; ++t) {
        if (filter.tiers == SnapshotFilter::tierBit(core::Tier(t)))
            tierIndex = t + 1;
    }
    m_tier->setCurrentIndex(tierIndex);
    setTriState(m_verified, filter.verified);
    setTriState(m_negated, filter.negated);
    setTriState(m_permanent, filter.permanent);
    for (QAction *action : m_sensitivity->actions())
        action->setChecked(action->data().toPoint() == QPoint(filter.minSensitivity, filter.maxSensitivity));
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(int(filter.mode))));
    m_updating = false;
    updateFlagsButton();
    emitNow();
}

void FilterBar::setMode(SnapshotFilter::Mode mode)
{
    m_mode->setCurrentIndex(std::max(0, m_mode->findData(int(mode))));
}

void FilterBar::clear()
{
    SnapshotFilter f;
    f.mode = m_filter.mode;
    setFilter(f);
}

void FilterBar::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void FilterBar::setCounts(qint64 shown, qint64 total)
{
    const QLocale locale;
    // Both English forms in the source (no English translation is loaded): "1 memory", "9 memories".
    const int n = int(std::min<qint64>(total, std::numeric_limits<int>::max()));
    m_counts->setText(shown == total ? (n == 1 ? tr("%Ln memory", nullptr, n) : tr("%Ln memories", nullptr, n))
                                     : tr("%1 of %2").arg(locale.toString(shown), locale.toString(total)));
}

} // namespace recollector::ui
