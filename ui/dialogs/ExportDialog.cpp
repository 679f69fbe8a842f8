#include "dialogs/ExportDialog.h"

#include "StoreSession.h"
#include "formats/AdapterExport.h"
#include "formats/FormatRegistry.h"
#include "scoring/ScoringProfile.h"
#include "support/MutedText.h"
#include "text/ScoringText.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace recollector::ui {

using namespace recollector::core;
using io::SetFormat;

namespace {

QString suffixFor(SetFormat format)
{
    switch (format) {
    case SetFormat::RecollectorJson:
        return QStringLiteral("json");
    case SetFormat::RecollectorYaml:
        return QStringLiteral("yaml");
    case SetFormat::Csv:
        return QStringLiteral("csv");
    case SetFormat::AgentFolder:
    case SetFormat::LegacyArray:
        break;
    }
    return {};
}

/// `path` with the suffix `wanted` (a folder's form when empty).
QString retarget(const QString &path, const QString &wanted)
{
    QString base = path;
    while (base.endsWith(QLatin1Char('/')) && base.size() > 1)
        base.chop(1);
    const QFileInfo info(base);
    const QString suffix = info.suffix().toLower();
    static const QStringList known{QStringLiteral("json"), QStringLiteral("yaml"), QStringLiteral("yml"),
                                   QStringLiteral("csv"), QStringLiteral("jsonl"), QStringLiteral("af")};
    if (known.contains(suffix))
        base.chop(suffix.size() + 1);
    return wanted.isEmpty() ? base + QLatin1Char('/') : base + QLatin1Char('.') + wanted;
}

QString retarget(const QString &path, SetFormat format) { return retarget(path, suffixFor(format)); }

QString defaultTargetChooser(QWidget *parent, const ExportTarget &target, const QString &current)
{
    switch (target.pick) {
    case ExportTarget::Pick::Folder:
        return QFileDialog::getExistingDirectory(parent, target.label, current);
    case ExportTarget::Pick::ExistingFile:
        return QFileDialog::getOpenFileName(parent, target.label, current, target.filter);
    case ExportTarget::Pick::SaveFile:
        break;
    }
    return QFileDialog::getSaveFileName(parent, target.label, current, target.filter);
}

QString defaultChooser(QWidget *parent, SetFormat format, const QString &current)
{
    if (format == SetFormat::AgentFolder)
        return QFileDialog::getExistingDirectory(parent, QObject::tr("Export to an agent memory folder"), current);
    const QString filter = format == SetFormat::RecollectorYaml ? QObject::tr("Recollector YAML (*.yaml *.yml)")
                           : format == SetFormat::Csv     ? QObject::tr("CSV (*.csv)")
                                                          : QObject::tr("Recollector JSON (*.json)");
    return QFileDialog::getSaveFileName(parent, QObject::tr("Export memories"), current, filter);
}

} // namespace

ExportDialog::ExportDialog(StoreSession *session, QStringList selectedIds, QStringList filteredIds, QWidget *parent)
    : JobDialog(parent), m_session(session), m_selected(std::move(selectedIds)), m_filtered(std::move(filteredIds)),
      m_chooser(defaultChooser), m_targetChooser(defaultTargetChooser)
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export Memories"));
    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(12);

    createScope();
    createDestination();
    createResult();
    connectControls();
    updateHint();
    resize(sizeHint().expandedTo(QSize(640, 0)));
    fitHeight();
}

void ExportDialog::createScope()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    auto *what = new QGroupBox(tr("What"), this);
    auto *whatLayout = new QVBoxLayout(what);
    qint64 total = 0;
    if (m_session && m_session->store()) {
        const auto n = m_session->store()->memories().count(true);
        total = n ? *n : 0;
    }
    m_all = new QRadioButton(tr("All memories in the store (%1, deleted ones included)").arg(total), what);
    m_all->setObjectName(QStringLiteral("scopeAllRadio"));
    m_selection = new QRadioButton(tr("The selected memories (%1)").arg(m_selected.size()), what);
    m_selection->setObjectName(QStringLiteral("scopeSelectionRadio"));
    m_selection->setEnabled(!m_selected.isEmpty());
    m_filter = new QRadioButton(tr("The memories the current filter shows (%1)").arg(m_filtered.size()), what);
    m_filter->setObjectName(QStringLiteral("scopeFilterRadio"));
    m_filter->setEnabled(!m_filtered.isEmpty());
    auto *scopes = new QButtonGroup(this);
    for (QRadioButton *radio : {m_all, m_selection, m_filter}) {
        scopes->addButton(radio);
        whatLayout->addWidget(radio);
    }
    (m_selected.size() > 1 ? m_selection : m_all)->setChecked(true);
    m_importEvents = new QCheckBox(tr("Include the store's own import events"), what);
    m_importEvents->setObjectName(QStringLiteral("includeImportEventsCheck"));
    m_importEvents->setChecked(true);
    m_importEvents->setToolTip(tr("Leave them out to compare an export with the set it was imported from"));
    whatLayout->addWidget(m_importEvents);
    layout->addWidget(what);
}

void ExportDialog::createDestination()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    auto *where = new QGroupBox(tr("Where"), this);
    auto *form = new QFormLayout(where);
    m_format = new QComboBox(where);
    m_format->setObjectName(QStringLiteral("formatCombo"));
    m_format->addItem(tr("Recollector memory set, JSON (.json)"), int(SetFormat::RecollectorJson));
    m_format->addItem(tr("Recollector memory set, YAML (.yaml)"), int(SetFormat::RecollectorYaml));
    m_format->addItem(tr("CSV, one row per memory (.csv)"), int(SetFormat::Csv));
    m_format->addItem(tr("Agent memory folder (one <id>.json per memory)"), int(SetFormat::AgentFolder));
    // Other memory systems' formats (the writers recollector-cli export --format uses).
    m_format->insertSeparator(m_format->count());
    for (const ExportTarget &target : ExportTargets::all()) {
        if (const auto *adapter = io::formats::FormatRegistry::instance().byName(target.adapter); adapter && adapter->canWrite())
            m_format->addItem(target.label, target.adapter);
    }
    form->addRow(tr("Format:"), m_format);
    auto *destRow = new QHBoxLayout;
    m_destination = new QLineEdit(where);
    m_destination->setObjectName(QStringLiteral("destinationEdit"));
    m_destination->setMinimumWidth(380);
    m_browse = new QPushButton(tr("Browse…"), where);
    m_browse->setObjectName(QStringLiteral("browseButton"));
    destRow->addWidget(m_destination, 1);
    destRow->addWidget(m_browse);
    form->addRow(tr("Destination:"), destRow);
    m_hint = new QLabel(where);
    m_hint->setObjectName(QStringLiteral("formatHintLabel"));
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->setWordWrap(true);
    makeMuted(m_hint);
    form->addRow(QString(), m_hint);
    layout->addWidget(where);
}

void ExportDialog::createResult()
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("exportResultLabel"));
    m_result->setTextFormat(Qt::PlainText);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->hide(); // shown with the outcome of an export
    layout->addWidget(m_result);
    layout->addWidget(jobProgress());
    layout->addStretch(1);

    auto *buttons = new QDialogButtonBox(this);
    m_exportButton = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    m_exportButton->setObjectName(QStringLiteral("exportButton"));
    m_closeButton = buttons->addButton(QDialogButtonBox::Close);
    m_closeButton->setObjectName(QStringLiteral("closeButton"));
    setCloseButton(m_closeButton);
    layout->addWidget(buttons);
}

void ExportDialog::connectControls()
{
    const QString stem = m_session && m_session->store() ? QFileInfo(m_session->path()).completeBaseName()
                                                         : QStringLiteral("recollector");
    m_destination->setText(QDir::home().filePath(stem + QStringLiteral("-export.json")));
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    connect(m_browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_exportButton, &QPushButton::clicked, this, &ExportDialog::startExport);
    connect(m_closeButton, &QPushButton::clicked, this, &ExportDialog::reject);
    connect(m_destination, &QLineEdit::textChanged, this, [this]() { m_exportButton->setEnabled(!destination().isEmpty()); });
}

void ExportDialog::setFormat(SetFormat format) { m_format->setCurrentIndex(m_format->findData(int(format))); }

SetFormat ExportDialog::format() const
{
    const QVariant data = m_format->currentData();
    return data.typeId() == QMetaType::Int ? SetFormat(data.toInt()) : SetFormat::RecollectorJson;
}

void ExportDialog::setAdapter(const QString &adapter) { m_format->setCurrentIndex(m_format->findData(adapter)); }

QString ExportDialog::adapterName() const
{
    const QVariant data = m_format->currentData();
    return data.typeId() == QMetaType::QString ? data.toString() : QString();
}

void ExportDialog::setScope(Scope scope)
{
    QRadioButton *radio = scope == Scope::Selection ? m_selection : scope == Scope::Filter ? m_filter : m_all;
    if (radio->isEnabled())
        radio->setChecked(true);
}

ExportDialog::Scope ExportDialog::scope() const
{
    if (m_selection->isChecked())
        return Scope::Selection;
    if (m_filter->isChecked())
        return Scope::Filter;
    return Scope::All;
}

void ExportDialog::setDestination(const QString &path) { m_destination->setText(path); }

QString ExportDialog::destination() const { return m_destination->text().trimmed(); }

void ExportDialog::setIncludeImportEvents(bool include) { m_importEvents->setChecked(include); }

QStringList ExportDialog::scopeIds() const
{
    switch (scope()) {
    case Scope::Selection:
        return m_selected;
    case Scope::Filter:
        return m_filtered;
    case Scope::All:
        break;
    }
    return {};
}

void ExportDialog::formatChanged()
{
    if (!destination().isEmpty()) {
        const ExportTarget *target = ExportTargets::byAdapter(adapterName());
        m_destination->setText(target ? retarget(destination(), target->suffix) : retarget(destination(), format()));
    }
    updateHint();
}

void ExportDialog::updateHint()
{
    if (const ExportTarget *target = ExportTargets::byAdapter(adapterName())) {
        m_importEvents->setEnabled(false);
        m_hint->setText(target->description);
        fitHeight();
        return;
    }
    const SetFormat f = format();
    const bool set = f == SetFormat::RecollectorJson || f == SetFormat::RecollectorYaml;
    m_importEvents->setEnabled(set);
    switch (f) {
    case SetFormat::RecollectorJson:
    case SetFormat::RecollectorYaml:
        m_hint->setText(tr("Memories with their links, events and conflicts; Recollector and recollector-cli import it back."));
        break;
    case SetFormat::Csv:
        m_hint->setText(tr("One row per memory, with its score, strength and tier under the %1 profile now.")
                            .arg(m_session ? ScoringText::profile(m_session->profileName()) : QString()));
        break;
    case SetFormat::AgentFolder:
        m_hint->setText(tr("One <id>.json per memory, written atomically; files in the folder that cannot be "
                           "parsed are left alone. Events and conflicts stay in the store."));
        break;
    case SetFormat::LegacyArray:
        break;
    }
    fitHeight();
}

void ExportDialog::fitHeight()
{
    // A wrapped label needs more height at this width than the size hint allowed for; a
    // top-level dialog does not grow for it by itself, and the label would be clipped.
    QLayout *l = layout();
    if (!l)
        return;
    l->activate();
    const int need = l->hasHeightForWidth() ? l->totalHeightForWidth(width()) : l->totalMinimumSize().height();
    if (height() < need)
        resize(width(), need);
}

void ExportDialog::browse()
{
    if (const ExportTarget *target = ExportTargets::byAdapter(adapterName())) {
        const QString chosen = m_targetChooser ? m_targetChooser(this, *target, destination()) : QString();
        if (chosen.isEmpty())
            return;
        m_destination->setText(target->pick == ExportTarget::Pick::Folder ? retarget(chosen, QString()) : chosen);
        return;
    }
    const QString chosen = m_chooser ? m_chooser(this, format(), destination()) : QString();
    if (chosen.isEmpty())
        return;
    m_destination->setText(format() == SetFormat::AgentFolder || QFileInfo(chosen).suffix().isEmpty()
                               ? retarget(chosen, format())
                               : chosen);
}

void ExportDialog::setState(State state)
{
    m_state = state;
    const bool busy = state == State::Exporting;
    m_exportButton->setEnabled(!busy && !destination().isEmpty());
    for (QWidget *w : std::initializer_list<QWidget *>{m_format, m_destination, m_browse, m_all, m_selection, m_filter})
        w->setEnabled(!busy && (w != m_selection || !m_selected.isEmpty()) && (w != m_filter || !m_filtered.isEmpty()));
    if (!busy)
        updateHint();
    else
        m_importEvents->setEnabled(false);
    Q_EMIT stateChanged(state);
}

void ExportDialog::startExport()
{
    if (m_state == State::Exporting || !m_session || !m_session->store())
        return;
    const QString path = destination();
    if (path.isEmpty())
        return;
    m_error.clear();
    m_result->clear();
    m_result->hide();
    setBanner(m_result, Banner::Clear);
    m_writtenPath = path;
    io::ExportOptions options;
    options.format = format();
    options.ids = scopeIds();
    options.includeImportEvents = m_importEvents->isChecked();
    if (const QString adapter = adapterName(); !adapter.isEmpty()) {
        startAdapterExport(adapter, path, options);
        return;
    }
    auto work = [storePath = m_session->path(), config = m_session->config(), profileName = m_session->profileName(),
                 base = options, path](JobControl &control) -> Result<io::ExportReport> {
        control.setPhase(QObject::tr("Collecting the memories…"));
        if (!control.report(0, 0))
            return Error::make(Error::Code::Cancelled, QObject::tr("Export cancelled; nothing was written."));
        Database::Options readOnly; // reading only: never migrate or create
        readOnly.readOnly = true;
        readOnly.createIfMissing = false;
        auto store = Store::open(storePath, readOnly); // this thread's own connection
        if (!store)
            return store.error();
        const auto profile = makeProfile(profileName, config);
        io::ExportOptions options = base;
        options.profile = profile.get();
        options.beforeWrite = [&control](int memories) {
            if (!control.report(0, memories))
                return false;
            control.setCancellable(false); // writing is atomic per file; it runs to the end
            control.setPhase(QObject::tr("Writing %n memories…", nullptr, memories));
            return true;
        };
        auto report = io::Exporter(**store).write(path, options);
        if (report)
            control.report(report->memories, report->memories);
        return report;
    };
    runJob<io::ExportReport>(tr("Collecting the memories…"), std::move(work),
                             [this](Result<io::ExportReport> result) { finishExport(std::move(result)); });
    setState(State::Exporting);
}

void ExportDialog::finishExport(Result<io::ExportReport> result)
{
    if (!result) {
        const bool cancelled = isCancelled(result.error());
        m_error = result.error().message;
        m_result->setText(cancelled ? tr("Export cancelled; nothing was written.") : m_error);
        setBanner(m_result, cancelled ? Banner::Clear : Banner::Error);
        m_result->show();
        fitHeight();
        setState(cancelled ? State::Ready : State::Failed);
        return;
    }
    m_report = std::move(result).value();
    QString text;
    if (const ExportTarget *target = ExportTargets::byAdapter(adapterName()))
        text = tr("Wrote %1 memories and %2 links to %3 (%4).")
                   .arg(m_report.memories).arg(m_report.associations)
                   .arg(QDir::toNativeSeparators(m_writtenPath), target->label);
    else if (format() == SetFormat::RecollectorJson || format() == SetFormat::RecollectorYaml)
        text = tr("Wrote %1 memories, %2 links, %3 events and %4 conflicts to %5.")
                   .arg(m_report.memories).arg(m_report.associations).arg(m_report.events).arg(m_report.conflicts)
                   .arg(QDir::toNativeSeparators(m_writtenPath));
    else
        text = tr("Wrote %1 memories to %2.").arg(m_report.memories).arg(QDir::toNativeSeparators(m_writtenPath));
    if (m_report.level3LeftOut > 0)
        text += QLatin1Char('\n')
                + tr("%n sealed memories left out: this format cannot keep them sealed.", nullptr, m_report.level3LeftOut);
    if (!m_report.skipped.isEmpty() && !adapterName().isEmpty())
        text += QLatin1Char('\n') + tr("Not written:") + QLatin1Char('\n') + m_report.skipped.join(QLatin1Char('\n'));
    else if (!m_report.skipped.isEmpty())
        text += QLatin1Char('\n') + tr("Left alone (they exist but cannot be parsed):") + QLatin1Char('\n')
                + m_report.skipped.join(QLatin1Char('\n'));
    m_result->setText(text);
    setBanner(m_result, Banner::Success);
    m_result->show();
    setState(State::Done);
    Q_EMIT exported(m_writtenPath, m_report.memories);
}

} // namespace recollector::ui

namespace recollector::ui {

void ExportDialog::startAdapterExport(const QString &adapter, const QString &path, const io::ExportOptions &base)
{
    // The same as recollector-cli export --format NAME: the scope's set collected on this job's
    // own read-only connection, then the adapter writes it (atomically, docs/formats.md).
    auto work = [storePath = m_session->path(), base, adapter, path](JobControl &control) -> Result<io::ExportReport> {
        control.setPhase(QObject::tr("Collecting the memories…"));
        if (!control.report(0, 0))
            return Error::make(Error::Code::Cancelled, QObject::tr("Export cancelled; nothing was written."));
        Database::Options readOnly;
        readOnly.readOnly = true;
        readOnly.createIfMissing = false;
        auto store = Store::open(storePath, readOnly);
        if (!store)
            return store.error();
        io::ExportOptions options = base;
        options.adapter = adapter;
        options.beforeWrite = [&control](int memories) {
            if (!control.report(0, memories))
                return false;
            control.setCancellable(false); // the adapter writes atomically; it runs to the end
            control.setPhase(QObject::tr("Writing %n memories…", nullptr, memories));
            return true;
        };
        auto written = io::formats::AdapterExport::write(**store, path, options);
        if (!written)
            return written.error();
        io::ExportReport report = std::move(written).value();
        control.report(report.memories, report.memories);
        return report;
    };
    runJob<io::ExportReport>(tr("Collecting the memories…"), std::move(work),
                             [this](Result<io::ExportReport> result) { finishExport(std::move(result)); });
    setState(State::Exporting);
}

} // namespace recollector::ui
