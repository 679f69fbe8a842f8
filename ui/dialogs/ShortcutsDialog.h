#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace recollector::ui {

/// Help → Keyboard Shortcuts: every action of the window's menus that has a shortcut (read
/// from the menus themselves, so the list is never out of date), then the review queue's
/// one-key answers. objectName of the table: shortcutsTable (columns: what, keys, where).
class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutsDialog)

public:
    explicit ShortcutsDialog(const QMenuBar *menus, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }

private:
    void addRow(const QString &what, const QString &keys, const QString &where);

    QTableWidget *m_table = nullptr;
};

} // namespace recollector::ui
