#pragma once

#include <QDialog>

class QLabel;
class QTextBrowser;
class QUrl;

namespace recollector::ui {

/// Help → User Guide (F1): docs/user-guide.md with its screenshots, rendered from the
/// resources built into the program (":/help/"), so the installed app needs no docs folder.
/// Links within the guide scroll to their section; links to the web open in the browser; a
/// link to another document (not in the program) leaves the guide as it is and says where
/// that document is.
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
    void follow(const QUrl &url);
    void scrollToSection(const QString &anchor);

    QTextBrowser *m_browser = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace recollector::ui
