#include "dialogs/EditMemoryDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

namespace recollector::ui {

EditMemoryDialog::EditMemoryDialog(const core::Memory &memory, const QStringList &categories, QWidget *parent)
    : QDialog(parent), m_memory(memory), m_content(new QPlainTextEdit(this)), m_keywords(new QLineEdit(this)),
      m_category(new QComboBox(this))
{
    setObjectName(QStringLiteral("editMemoryDialog"));
    setWindowTitle(tr("Edit memory"));
    auto *form = new QFormLayout(this);
    m_content->setObjectName(QStringLiteral("contentEdit"));
    m_content->setPlainText(memory.content); // plain text: memory text is data, not markup
    m_content->setMinimumSize(480, 140);
    m_keywords->setObjectName(QStringLiteral("keywordsEdit"));
    m_keywords->setText(memory.keywords.join(QStringLiteral(", ")));
    m_keywords->setPlaceholderText(tr("comma-separated"));
    m_category->setObjectName(QStringLiteral("categoryEdit"));
    m_category->setEditable(true);
    m_category->addItems(categories);
    m_category->setCurrentText(memory.category);
    form->addRow(tr("Content"), m_content);
    form->addRow(tr("Keywords"), m_keywords);
    form->addRow(tr("Category"), m_category);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto updateOk = [this, buttons]() {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_content->toPlainText().trimmed().isEmpty()
                                                          && !m_category->currentText().trimmed().isEmpty());
    };
    connect(m_content, &QPlainTextEdit::textChanged, this, updateOk);
    connect(m_category, &QComboBox::currentTextChanged, this, updateOk);
}

core::MemoryEdit EditMemoryDialog::edit() const
{
    core::MemoryEdit e;
    const QString content = m_content->toPlainText();
    if (content != m_memory.content)
        e.content = content;
    QStringList keywords;
    for (const QString &k : m_keywords->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        keywords.append(k.trimmed());
    keywords = core::normalizeKeywords(keywords);
    if (keywords != m_memory.keywords)
        e.keywords = keywords;
    const QString category = m_category->currentText().trimmed();
    if (category != m_memory.category)
        e.category = category;
    return e;
}

} // namespace recollector::ui
