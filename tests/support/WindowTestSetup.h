#pragma once
// What the window tests set up alike: settings and standard paths in test mode, and message
// boxes answered without a person, their texts kept for the test to read.

#include "support/MessageBox.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStringList>

namespace recollector::test {

/// QSettings and QStandardPaths in test mode, under the organisation "RecollectorTest" and
/// `application`, by default one name per test program. CTest runs window tests side by side
/// (-j2): programs sharing one name shared the settings (the last store, which a new window
/// opens) and the data folder with its demo store, which `openDemoStore(true)` deletes and
/// makes again while another program had it open, and gui.chinese then waited on that store.
inline void useTestSettings(const QString &application = {})
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("RecollectorTest"));
    QCoreApplication::setApplicationName(
        application.isEmpty() ? QStringLiteral("RecollectorTest-") + QFileInfo(QCoreApplication::applicationFilePath()).fileName()
                              : application);
}

/// While it lives, every message box the window would show is answered with answer() and
/// its text kept in texts(); the window's own dialogs are not shown.
class AnsweredMessages final
{
public:
    explicit AnsweredMessages(QMessageBox::StandardButton answer = QMessageBox::Ok) : m_answer(answer)
    {
        ui::MessageBox::setHandler([this](QMessageBox::Icon, const QString &, const QString &text,
                                          QMessageBox::StandardButtons) {
            m_texts.append(text);
            return m_answer;
        });
    }
    ~AnsweredMessages() { ui::MessageBox::setHandler({}); }
    AnsweredMessages(const AnsweredMessages &) = delete;
    AnsweredMessages &operator=(const AnsweredMessages &) = delete;

    const QStringList &texts() const { return m_texts; }
    QMessageBox::StandardButton answer() const { return m_answer; }
    void setAnswer(QMessageBox::StandardButton answer) { m_answer = answer; }

private:
    QStringList m_texts;
    QMessageBox::StandardButton m_answer;
};

} // namespace recollector::test
