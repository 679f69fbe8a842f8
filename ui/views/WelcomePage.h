#pragma once

#include <QWidget>

class QVBoxLayout;

namespace recollector::ui {

/// What the window shows while no store is open (first run, or after a store failed to
/// open): the ways to start, each a button (docs/user-guide.md, "First run"): open Claude
/// Code's memory or an agent memory folder in place, open the bundled demo (sample data,
/// clearly marked), import a memory file into the
/// default store, or create the default store empty. The default store is the one
/// recollector-cli uses without --store. objectNames: welcomePage, welcomeClaudeButton,
/// welcomeFolderButton, welcomeDemoButton,
/// welcomeImportButton, welcomeEmptyButton.
class WelcomePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePage)

public:
    explicit WelcomePage(const QString &defaultStorePath, QWidget *parent = nullptr);

private:
    void addChoices(QWidget *column, QVBoxLayout *layout, const QString &where);

Q_SIGNALS:
    void claudeMemoryRequested();
    void folderRequested();
    void demoRequested();
    void importRequested();
    void emptyStoreRequested();
};

} // namespace recollector::ui
