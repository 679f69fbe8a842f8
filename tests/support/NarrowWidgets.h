#pragma once
// Shared by the 1024×700 window tests (gui.small_screen in English, gui.chinese in Chinese).

#include <QAbstractButton>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QPixmap>
#include <QStringList>
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


} // namespace NarrowWidgets
