#pragma once

#include <QDialog>

class QTextBrowser;

namespace recollector::ui {

/// Help → User Guide (F1): docs/user-guide.md with its screenshots, rendered from the
/// resources built into the program (":/help/"), so the installed app needs no docs folder.
/// Links to the other docs open nothing; links to the web open in the browser.
/// objectName of the text: userGuideText.
class UserGuideDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UserGuideDialog)

public:
    /// The guide's resource path.
    static QString guidePath();

    explicit UserGuideDialog(QWidget *parent = nullptr);

    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser = nullptr;
};

} // namespace recollector::ui
