#include "views/ContentEditor.h"

#include "support/MutedText.h"
#include "support/Teardown.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace recollector::ui {

namespace {

// Characters: a longer run without a break is wrapped anywhere, not at word boundaries.
constexpr qsizetype kLongestWrappedWord = 1000;
// An elided text ends at a line break, else a word break, when one is this close to the limit.
constexpr qsizetype kLineBreakReach = 2000;
constexpr qsizetype kWordBreakReach = 200;

/// The first ContentEditor::kPreviewChars of `text` (fewer, to end at a line or word break
/// close to the limit; never half a surrogate pair), then "…".
QString preview(const QString &text)
{
    qsizetype cut = ContentEditor::kPreviewChars;
    if (text.at(cut - 1).isHighSurrogate())
        --cut;
    if (const qsizetype line = text.lastIndexOf(QLatin1Char('\n'), cut - 1); line > cut - kLineBreakReach)
        cut = line;
    else if (const qsizetype word = text.lastIndexOf(QLatin1Char(' '), cut - 1); word > cut - kWordBreakReach)
        cut = word;
    return text.left(cut) + QStringLiteral(" …");
}

/// True when `text` has a run of more than `limit` characters without a space or line break
/// (a pasted blob, a minified file). Wrapping such a run at word boundaries costs time
/// quadratic in its length (over a minute for a megabyte); wrapping anywhere is linear.
bool hasLongUnbrokenRun(const QString &text, qsizetype limit)
{
    qsizetype run = 0;
    for (const QChar c : text) {
        run = c.isSpace() ? 0 : run + 1;
        if (run > limit)
            return true;
    }
    return false;
}

} // namespace

ContentEditor::ContentEditor(QWidget *parent) : QWidget(parent)
{
    m_edit = new QPlainTextEdit;
    m_edit->setObjectName(QStringLiteral("contentEdit"));
    m_edit->setTabChangesFocus(true);
    m_edit->setFixedHeight(m_edit->fontMetrics().lineSpacing() * 4 + 12);
    m_edit->installEventFilter(this); // Ctrl+Enter applies

    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("contentElidedNote"));
    m_note->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    makeMuted(m_note);
    m_showAllButton = new QPushButton(tr("Show All"));
    m_showAllButton->setObjectName(QStringLiteral("showAllContentButton"));
    m_showAllButton->setToolTip(tr("Put the whole text in the editor to read or edit it (a very long text takes a "
                                   "moment)"));
    m_elidedBar = new QWidget;
    auto *elidedRow = new QHBoxLayout(m_elidedBar);
    elidedRow->setContentsMargins(0, 0, 0, 0);
    elidedRow->addWidget(m_note, 1);
    elidedRow->addWidget(m_showAllButton, 0, Qt::AlignTop);
    m_elidedBar->hide();

    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    column->addWidget(m_edit);
    column->addWidget(m_elidedBar);

    connect(m_edit, &QPlainTextEdit::textChanged, this, &ContentEditor::draftChanged);
    connect(m_edit, &QPlainTextEdit::modificationChanged, this, &ContentEditor::draftChanged);
    connect(m_showAllButton, &QPushButton::clicked, this, &ContentEditor::showAll);
}

ContentEditor::~ContentEditor()
{
    disconnectDescendants(this); // the editor's signals must not reach a half-destroyed this
}

bool ContentEditor::isModified() const { return m_edit->document()->isModified(); }

std::optional<QString> ContentEditor::draft() const
{
    if (m_elided || !isModified())
        return std::nullopt;
    QString text = m_edit->toPlainText();
    if (text == m_stored)
        return std::nullopt;
    return text;
}

void ContentEditor::revert()
{
    m_edit->document()->setModified(false);
    fillEditor();
}

void ContentEditor::setStoredText(const QString &text)
{
    if (m_filled && text == m_stored)
        return; // a reload that changed nothing here (the clock, a score, another field)
    m_stored = text;
    m_filled = false;
    if (!isModified())
        fillEditor(); // else keep the draft; Revert brings the stored text
}

void ContentEditor::clear()
{
    m_edit->document()->setModified(false); // a draft belongs to the memory it was typed for
    m_showAll = false;
    m_filled = false;
}

void ContentEditor::showAll()
{
    if (!m_elided)
        return;
    m_showAll = true;
    fillEditor();
}

void ContentEditor::fillEditor()
{
    m_elided = !m_showAll && m_stored.size() > kPreviewChars;
    const QString shown = m_elided ? preview(m_stored) : m_stored;
    m_edit->setReadOnly(m_elided);
    const QTextOption::WrapMode wrap = hasLongUnbrokenRun(shown, kLongestWrappedWord)
                                           ? QTextOption::WrapAnywhere
                                           : QTextOption::WrapAtWordBoundaryOrAnywhere;
    if (m_edit->wordWrapMode() != wrap) {
        m_edit->clear(); // else the text shown now is laid out again in the other mode
        m_edit->setWordWrapMode(wrap);
    }
    m_edit->setPlainText(shown);
    m_edit->document()->setModified(false);
    m_filled = true;
    if (m_elided) {
        const QLocale locale;
        m_note->setText(tr("A long text: the first %1 of %2 characters, read-only.")
                            .arg(locale.toString(shown.size() - 2), locale.toString(m_stored.size())));
    }
    m_elidedBar->setVisible(m_elided);
    Q_EMIT draftChanged();
}

bool ContentEditor::eventFilter(QObject *watched, QEvent *event)
{
    // Ctrl+Enter is also the window's Confirm shortcut: in the text it applies the edits, so
    // the editor claims the key before the shortcut sees it.
    if (watched == m_edit && event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && (key->modifiers() & Qt::ControlModifier)) {
            event->accept();
            return true;
        }
    }
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && (key->modifiers() & Qt::ControlModifier)) {
            Q_EMIT submitRequested();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace recollector::ui
