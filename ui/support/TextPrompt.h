#pragma once

#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace recollector::ui {

/// Seam for asking the user for a line or a paragraph of text (a negation's correction, a
/// merge's summary): GUI tests install a handler instead of driving a modal dialog.
/// With no handler installed, a real QInputDialog is shown. nullopt = cancelled.
class TextPrompt final
{
public:
    using Handler = std::function<std::optional<QString>(const QString &title, const QString &label,
                                                         const QString &initial, bool multiLine)>;

    static std::optional<QString> ask(QWidget *parent, const QString &title, const QString &label,
                                      const QString &initial = {}, bool multiLine = false);
    /// Tests install a handler; pass {} to go back to real dialogs.
    static void setHandler(Handler handler);

private:
    static Handler &handler();
    static std::optional<QString> askParagraph(QWidget *parent, const QString &title, const QString &label,
                                               const QString &initial);
};

} // namespace recollector::ui
