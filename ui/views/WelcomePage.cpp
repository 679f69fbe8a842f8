#include "views/WelcomePage.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace recollector::ui {

namespace {

QPushButton *choice(const QString &objectName, const QString &text, const QString &detail, QWidget *parent,
                    QVBoxLayout *layout)
{
    auto *button = new QPushButton(text, parent);
    button->setObjectName(objectName);
    button->setMinimumHeight(button->sizeHint().height() + 8);
    layout->addWidget(button);
    auto *note = new QLabel(detail, parent);
    note->setTextFormat(Qt::PlainText);
    note->setWordWrap(true);
    note->setContentsMargins(4, 0, 4, 10);
    layout->addWidget(note);
    return button;
}

} // namespace

WelcomePage::WelcomePage(const QString &defaultStorePath, QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("welcomePage"));
    // In a scroll area: the wrapped notes get the height they need at any width (a short
    // window scrolls instead of clipping them).
    auto *scroll = new QScrollArea(this);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *page = new QWidget(scroll);
    scroll->setWidget(page);
    auto *top = new QVBoxLayout(this);
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(scroll);
    auto *outer = new QVBoxLayout(page);
    outer->addStretch(1);
    auto *column = new QWidget(page);
    column->setMinimumWidth(340);
    column->setMaximumWidth(560);
    auto *layout = new QVBoxLayout(column);
    auto *title = new QLabel(tr("Welcome to Recollector"), column);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    title->setFont(big);
    layout->addWidget(title);
    auto *intro = new QLabel(tr("Recollector shows what an AI assistant remembers: how strong each memory is, how it "
                                "fades, what it is linked to and where memories contradict each other. "
                                "No store is open yet. Start one of these ways:"),
                             column);
    intro->setTextFormat(Qt::PlainText);
    intro->setWordWrap(true);
    intro->setContentsMargins(0, 0, 0, 12);
    layout->addWidget(intro);

    // The home folder as "~", as a person says it.
    QString where = QDir::toNativeSeparators(defaultStorePath);
    if (const QString home = QDir::toNativeSeparators(QDir::homePath()); where.startsWith(home + QDir::separator()))
        where = QStringLiteral("~") + where.mid(home.size());
    addChoices(column, layout, where);

    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(column, 4);
    row->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(2);
}

void WelcomePage::addChoices(QWidget *column, QVBoxLayout *layout, const QString &where)
{
    // The assistant's own memory first: looking at it, in place, is what most people come for.
    connect(choice(QStringLiteral("welcomeClaudeButton"), tr("Open Claude Code memory…"),
                   tr("The memory Claude Code keeps for a project, in place: what you change here reaches "
                      "Claude Code's files, and each change can be undone."),
                   column, layout),
            &QPushButton::clicked, this, &WelcomePage::claudeMemoryRequested);
    connect(choice(QStringLiteral("welcomeFolderButton"), tr("Open an agent memory folder…"),
                   tr("A folder of an assistant's memory files (an agent hub's JSON files, or plain Markdown "
                      "notes), opened in place the same way."),
                   column, layout),
            &QPushButton::clicked, this, &WelcomePage::folderRequested);
    connect(choice(QStringLiteral("welcomeDemoButton"), tr("Open the demo (sample data)"),
                   tr("About 200 made-up memories of a made-up user, with links and open conflicts, to look "
                      "around safely. The title bar says \"sample data\" while it is open."),
                   column, layout),
            &QPushButton::clicked, this, &WelcomePage::demoRequested);
    connect(choice(QStringLiteral("welcomeImportButton"), tr("Import a memory file…"),
                   tr("A JSON, YAML or CSV memory set, previewed before anything is written, into your own "
                      "store at %1.").arg(where),
                   column, layout),
            &QPushButton::clicked, this, &WelcomePage::importRequested);
    connect(choice(QStringLiteral("welcomeEmptyButton"), tr("Create an empty store"),
                   tr("Your own store at %1, the one recollector-cli uses when no --store is given. Add memories "
                      "with Memory ▸ New… or import them later.").arg(where),
                   column, layout),
            &QPushButton::clicked, this, &WelcomePage::emptyStoreRequested);
}

} // namespace recollector::ui
