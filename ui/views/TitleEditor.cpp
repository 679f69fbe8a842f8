#include "views/TitleEditor.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>

#include <algorithm>

namespace recollector::ui {

namespace {

const QString kName = QStringLiteral("name");
const QString kDescription = QStringLiteral("description");

QStringList longWords(const QString &text)
{
    static const QRegularExpression kSplit(QStringLiteral("[^\\w]+"));
    QStringList words;
    for (const QString &w : text.toLower().split(kSplit, Qt::SkipEmptyParts)) {
        if (w.size() >= 4)
            words << w;
    }
    return words;
}

} // namespace

TitleEditor::TitleEditor(QWidget *parent) : QGroupBox(tr("Name and description"), parent)
{
    setObjectName(QStringLiteral("titleEditor"));
    setToolTip(tr("The assistant's own title and one-line summary of this memory; Claude Code lists them in its "
                  "index of memories"));
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("nameEdit"));
    m_description = new QLineEdit(this);
    m_description->setObjectName(QStringLiteral("descriptionEdit"));
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("titleHint"));
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->hide();
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Description"), m_description);
    form->addRow(m_hint);
    for (QLineEdit *edit : {m_name, m_description}) {
        connect(edit, &QLineEdit::textChanged, this, [this]() {
            updateHint();
            Q_EMIT edited();
        });
    }
    hide();
}

void TitleEditor::setMemory(const core::Memory &memory, bool editable)
{
    m_storedName = memory.extra.value(kName).toString();
    m_storedDescription = memory.extra.value(kDescription).toString();
    const QSignalBlocker blockName(m_name);
    const QSignalBlocker blockDescription(m_description);
    m_name->setText(m_storedName);
    m_description->setText(m_storedDescription);
    m_name->setEnabled(editable);
    m_description->setEnabled(editable);
    setVisible(!m_storedName.isEmpty() || !m_storedDescription.isEmpty() || memory.source.type == core::claudeCodeSource());
    m_text = memory.content;
    updateHint();
}

void TitleEditor::setText(const QString &text)
{
    m_text = text;
    updateHint();
}

void TitleEditor::addTo(core::MemoryEdit &edit) const
{
    if (isHidden() || !m_name->isEnabled())
        return;
    if (const QString name = m_name->text().trimmed(); name != m_storedName)
        edit.name = name;
    if (const QString description = m_description->text().trimmed(); description != m_storedDescription)
        edit.description = description;
}

void TitleEditor::restore(const core::MemoryEdit &draft)
{
    const QSignalBlocker blockName(m_name);
    const QSignalBlocker blockDescription(m_description);
    if (draft.name)
        m_name->setText(*draft.name);
    if (draft.description)
        m_description->setText(*draft.description);
    updateHint();
}

bool TitleEditor::seemsStale(const QString &description, const QString &text)
{
    const QStringList words = longWords(description);
    if (words.isEmpty())
        return false;
    const QStringList inText = longWords(text);
    return std::none_of(words.begin(), words.end(), [&](const QString &w) { return inText.contains(w); });
}

void TitleEditor::updateHint()
{
    const bool stale = seemsStale(m_description->text(), m_text);
    m_hint->setText(stale ? tr("The description no longer seems to tell what the text says; Claude Code shows it in "
                               "its index of memories.")
                          : QString());
    m_hint->setVisible(stale);
}

} // namespace recollector::ui
