#pragma once
// Shared by the 1024×700 window tests (gui.small_screen in English, gui.chinese in Chinese).

#include "MainWindow.h"
#include "models/MemoryTableModel.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QPixmap>
#include <QStringList>
#include <QTest>
#include <QWidget>

namespace NarrowWidgets {

// What a person reads as cut: a visible label, button or combo box narrower than the width
// its own text asks for.
inline QStringList narrowerThanTheirText(const QWidget &window)
{
    QStringList cut;
    for (QWidget *w : window.findChildren<QWidget *>()) {
        if (!w->isVisible() || w->window() != &window)
            continue;
        QString text;
        if (auto *label = qobject_cast<QLabel *>(w)) {
            if (label->wordWrap() || label->text().isEmpty() || label->pixmap().toImage().width() > 0)
                continue;
            text = label->text();
        } else if (auto *button = qobject_cast<QAbstractButton *>(w)) {
            if (button->text().isEmpty())
                continue;
            text = button->text();
        } else if (auto *combo = qobject_cast<QComboBox *>(w)) {
            if (combo->isEditable())
                continue;
            text = combo->currentText();
        } else {
            continue;
        }
        if (w->width() < w->sizeHint().width())
            cut << QStringLiteral("%1 \"%2\" (%3): %4 < %5")
                       .arg(QString::fromLatin1(w->metaObject()->className()), text, w->objectName())
                       .arg(w->width())
                       .arg(w->sizeHint().width());
    }
    return cut;
}

// The demo store in a window of 1024×700, its first memory selected: what a person with that
// screen would find wrong (nothing when the window keeps its size and every text fits).
inline QStringList demoWindowProblemsAt1024x700(recollector::ui::MainWindow &w)
{
    if (!w.openDemoStore(true))
        return {QStringLiteral("the demo store did not open")};
    w.resize(1024, 700);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return {QStringLiteral("the window was not shown")};
    if (!QTest::qWaitFor([&w]() { return w.tableModel()->rowCount() > 100; }))
        return {QStringLiteral("the table did not fill")};
    w.selectIds({w.tableModel()->idAt(0)});
    QCoreApplication::processEvents();
    QStringList problems;
    if (w.minimumSizeHint().width() > 1024)
        problems << QStringLiteral("the window needs %1 px").arg(w.minimumSizeHint().width());
    if (w.size() != QSize(1024, 700))
        problems << QStringLiteral("the window grew to %1×%2").arg(w.width()).arg(w.height());
    return problems + narrowerThanTheirText(w);
}

} // namespace NarrowWidgets
