#pragma once

#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace recollector::ui {

/// A memory's text in the detail panel: a plain-text editor. The panel applies every edited
/// field at once (one save model: its Apply, Enter, or Ctrl+Enter here), so the editor holds a
/// draft (draft()) and asks to submit it (submitRequested) rather than saving on its own. The editor is only refilled when the stored text changed, so the panel's
/// reloads (every decision, the one-minute clock) cost nothing here, and a draft the user
/// is typing is kept when another writer touches the memory.
///
/// A text longer than kPreviewChars first shows elided and read-only, with a note and a
/// "Show All" button that puts the whole text in the editor on demand: laying out a
/// megabyte of text takes the GUI thread away for a long time, and nobody reads it in a
/// side panel. An elided text can never be applied (that would cut the memory short).
///
/// objectNames: contentEdit, contentElidedNote, showAllContentButton.
class ContentEditor final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContentEditor)

public:
    /// Characters (UTF-16 code units) shown before the rest waits for "Show All".
    static constexpr qsizetype kPreviewChars = 20000;

    explicit ContentEditor(QWidget *parent = nullptr);
    ~ContentEditor() override;

    /// Shows the stored text of the memory. Refills nothing when `text` is what the editor
    /// stands for already, and keeps a draft the user is typing (Revert shows `text` then).
    void setStoredText(const QString &text);
    /// Another memory: forgets the draft and "Show All" (the next text starts elided again).
    void clear();
    /// Shows the whole text in the editor (editable) when it was elided.
    void showAll();

    bool isElided() const { return m_elided; }
    bool isModified() const;
    /// The text the user typed when it differs from the stored one (never for an elided
    /// text: applying a part would cut the memory short); nullopt otherwise.
    std::optional<QString> draft() const;
    /// Puts the stored text back (the panel's Revert).
    void revert();

Q_SIGNALS:
    /// The draft changed (typed, reverted or refilled): the panel recounts what is unsaved.
    void draftChanged();
    /// Ctrl+Enter: the user asked to apply every edited field of the panel.
    void submitRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fillEditor();

    QString m_stored; ///< the stored text the editor stands for
    bool m_filled = false; ///< the editor holds m_stored (elided or whole)
    bool m_elided = false;
    bool m_showAll = false; ///< the user asked for the whole text of this memory

    QPlainTextEdit *m_edit = nullptr;
    QWidget *m_elidedBar = nullptr;
    QLabel *m_note = nullptr;
    QPushButton *m_showAllButton = nullptr;
};

} // namespace recollector::ui
