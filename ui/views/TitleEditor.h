#pragma once

#include "engine/decisions/MemoryEdit.h"
#include "model/Memory.h"

#include <QGroupBox>

class QLabel;
class QLineEdit;

namespace recollector::ui {

/// The detail panel's editor of an assistant's own title and summary (Claude Code's `name`
/// and `description`, kept in the memory's other fields; docs/formats.md, "Claude Code memory
/// folders"). Shown for memories that have them or come from Claude Code. Says when the
/// description no longer seems to tell what the text says, so an edit of the text does not
/// leave the index line telling the old story. objectNames: titleEditor, nameEdit,
/// descriptionEdit, titleHint.
class TitleEditor final : public QGroupBox
{
    Q_OBJECT

public:
    explicit TitleEditor(QWidget *parent = nullptr);

    /// Shows `memory`'s name and description (and itself only when it has them or comes from
    /// Claude Code), without emitting edited().
    void setMemory(const core::Memory &memory, bool editable);
    /// The text the description should match (the stored text or the draft being typed).
    void setText(const QString &text);
    /// Adds a changed name or description to `edit`.
    void addTo(core::MemoryEdit &edit) const;
    /// Puts back drafts kept across a refill.
    void restore(const core::MemoryEdit &draft);

    /// True when the description no longer seems to describe `text`: none of its words of four
    /// letters or more appears in the text.
    static bool seemsStale(const QString &description, const QString &text);

Q_SIGNALS:
    void edited();

private:
    void updateHint();

    QLineEdit *m_name = nullptr;
    QLineEdit *m_description = nullptr;
    QLabel *m_hint = nullptr;
    QString m_storedName;
    QString m_storedDescription;
    QString m_text;
};

} // namespace recollector::ui
