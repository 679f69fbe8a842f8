#include "dialogs/ShortcutsDialog.h"


#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace recollector::ui {

namespace {

QString plain(QString text)
{
    text.remove(QLatin1Char('&'));
    text.remove(QStringLiteral("…"));
    return text.trimmed();
}

/// Adds the actions of `menu` (and its submenus) that have a shortcut.
void collect(const QMenu *menu, const QString &where, const std::function<void(QAction *, const QString &)> &add)
{
    for (QAction *action : menu->actions()) {
        if (action->menu())
            collect(action->menu(), where + QStringLiteral(" ▸ ") + plain(action->text()), add);
        else if (!action->shortcut().isEmpty())
            add(action, where);
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menus, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    setObjectName(QStringLiteral("shortcutsDialog"));
    m_table = new QTableWidget(0, 3);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setHorizontalHeaderLabels({tr("What"), tr("Keys"), tr("Where")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);

    for (QAction *top : menus->actions()) {
        if (top->menu()) {
            collect(top->menu(), plain(top->text()), [this](QAction *action, const QString &where) {
                addRow(plain(action->text()), action->shortcut().toString(QKeySequence::NativeText), where);
            });
        }
    }
    const QString queue = tr("Review queue");
    addRow(tr("Confirm"), QStringLiteral("C"), queue);
    addRow(tr("Negate (asks what is true instead)"), QStringLiteral("N"), queue);
    addRow(tr("Mark permanent"), QStringLiteral("P"), queue);
    addRow(tr("Delete"), QStringLiteral("D"), queue);
    addRow(tr("Keep (don't clean this up)"), QStringLiteral("K"), queue);
    addRow(tr("Promote to core"), QStringLiteral("U"), queue);
    addRow(tr("Apply the planned cleanup"), QStringLiteral("A"), queue);
    addRow(tr("Skip"), QStringLiteral("S"), queue);
    addRow(tr("Open in the main window"), tr("Enter"), queue);
    const QString changes = tr("Changes");
    addRow(tr("Accept the selected changes"), QStringLiteral("A"), changes);
    addRow(tr("Reject the selected changes"), QStringLiteral("R"), changes);
    addRow(tr("Show the memory in the table"), tr("Enter"), changes);
    const QString panel = tr("Detail panel");
    addRow(tr("Apply the edited fields"), tr("Enter"), panel);
    addRow(tr("Apply, from the text"), QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText), panel);
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    layout->addWidget(buttons);
    resize(640, 620);
}

void ShortcutsDialog::addRow(const QString &what, const QString &keys, const QString &where)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(what));
    m_table->setItem(row, 1, new QTableWidgetItem(keys));
    m_table->setItem(row, 2, new QTableWidgetItem(where));
}

} // namespace recollector::ui
