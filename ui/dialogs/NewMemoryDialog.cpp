#include "dialogs/NewMemoryDialog.h"

#include "engine/capture/KeywordExtractor.h"
#include "model/InputLimits.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

namespace recollector::ui {

NewMemoryDialog::NewMemoryDialog(const QStringList &categories, const QString &project, QWidget *parent)
    : QDialog(parent), m_content(new QPlainTextEdit(this)), m_keywords(new QLineEdit(this)),
      m_category(new QComboBox(this)), m_project(new QLineEdit(this)), m_importance(new QDoubleSpinBox(this)),
      m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("newMemoryDialog"));
    setWindowTitle(tr("New memory"));
    auto *form = new QFormLayout(this);
    m_content->setObjectName(QStringLiteral("contentEdit"));
    m_content->setPlaceholderText(tr("What should be remembered, in one or two sentences"));
    m_content->setTabChangesFocus(true);
    m_content->setMinimumSize(460, 110);
    m_keywords->setObjectName(QStringLiteral("keywordsEdit"));
    m_keywords->setPlaceholderText(tr("comma-separated; empty: taken from the text"));
    m_category->setObjectName(QStringLiteral("categoryEdit"));
    m_category->setEditable(true);
    m_category->addItems(categories);
    m_category->setCurrentText(categories.contains(QStringLiteral("fact")) ? QStringLiteral("fact") : QString());
    m_project->setObjectName(QStringLiteral("projectEdit"));
    m_project->setPlaceholderText(tr("empty: global"));
    m_project->setText(project);
    m_importance->setObjectName(QStringLiteral("importanceEdit"));
    m_importance->setRange(0, core::io::limits::kMaxImportance);
    m_importance->setDecimals(2);
    m_importance->setSingleStep(0.5);
    m_importance->setValue(1.0);
    m_importance->setToolTip(tr("1 is ordinary; 3 and above is core and never cleaned up"));
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: palette(highlight);"));
    m_problem->hide();
    form->addRow(tr("&Content"), m_content);
    form->addRow(tr("&Keywords"), m_keywords);
    form->addRow(tr("C&ategory"), m_category);
    form->addRow(tr("&Project"), m_project);
    form->addRow(tr("&Importance"), m_importance);
    form->addRow(m_problem);
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &NewMemoryDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_content, &QPlainTextEdit::textChanged, this, &NewMemoryDialog::updateOk);
    // What the keywords will be when none are typed: shown, not guessed.
    connect(m_content, &QPlainTextEdit::textChanged, this, [this]() {
        const QStringList derived = core::KeywordExtractor::extract(m_content->toPlainText());
        m_keywords->setPlaceholderText(derived.isEmpty() ? tr("comma-separated; empty: taken from the text")
                                                         : tr("from the text: %1").arg(derived.join(QStringLiteral(", "))));
    });
    updateOk();
    m_content->setFocus();
}

void NewMemoryDialog::updateOk()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_content->toPlainText().trimmed().isEmpty());
}

core::NewMemory NewMemoryDialog::input() const
{
    core::NewMemory in;
    in.content = m_content->toPlainText();
    QStringList keywords;
    for (const QString &k : m_keywords->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        keywords.append(k.trimmed());
    if (!keywords.isEmpty())
        in.keywords = keywords;
    in.category = m_category->currentText();
    in.projectPath = m_project->text();
    in.importance = m_importance->value();
    return in;
}

void NewMemoryDialog::accept()
{
    // The core's own check, so the dialog and recollector-cli say the same thing.
    if (const QString problem = input().invalidReason(); !problem.isEmpty()) {
        m_problem->setText(problem);
        m_problem->show();
        return;
    }
    QDialog::accept();
}

} // namespace recollector::ui
