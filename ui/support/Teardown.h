#pragma once

#include <QList>
#include <QObject>

namespace recollector::ui {

/// First thing in the destructor of a widget whose slots or lambdas read its members:
/// disconnects every signal of its descendants from it. ~QWidget runs after the derived
/// destructor, when the members are gone and the object is only a QWidget, and it still
/// makes the children talk: hiding the window sends a focused line edit focus-out (it emits
/// editingFinished), deleting the children clears a QUndoStack (it emits cleanChanged). A
/// slot of the derived class called then reads destroyed members (UBSan: "downcast of
/// address … which does not point to an object of type …").
inline void disconnectDescendants(QObject *receiver)
{
    const QList<QObject *> descendants = receiver->findChildren<QObject *>();
    for (QObject *child : descendants)
        QObject::disconnect(child, nullptr, receiver, nullptr);
}

} // namespace recollector::ui
