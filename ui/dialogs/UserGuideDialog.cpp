#include "dialogs/UserGuideDialog.h"


#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QAbstractTextDocumentLayout>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextDocument>
#include <QFile>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

// The guide lives in a static library: its resources are registered by name.
static void initGuideResources() { Q_INIT_RESOURCE(user_guide); }

namespace recollector::ui {

QString UserGuideDialog::guidePath() { return QStringLiteral(":/help/user-guide.md"); }

UserGuideDialog::UserGuideDialog(QWidget *parent) : QDialog(parent)
{
    initGuideResources();
    setWindowTitle(tr("Recollector User Guide"));
    setObjectName(QStringLiteral("userGuideDialog"));
    m_browser = new QTextBrowser;
    m_browser->setObjectName(QStringLiteral("userGuideText"));
    // Links are followed here, never by the browser itself: a link to a developer document
    // (architecture.md, …) is not in the program and would leave a blank page with no way back.
    m_browser->setOpenLinks(false);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &UserGuideDialog::follow);
    m_browser->setSearchPaths({QStringLiteral(":/help")});
    QFile file(guidePath());
    if (file.open(QIODevice::ReadOnly)) {
        m_browser->document()->setBaseUrl(QUrl(QStringLiteral("qrc:/help/")));
        m_browser->setMarkdown(QString::fromUtf8(file.readAll()));
    } else {
        m_browser->setPlainText(tr("The user guide is missing from this build (%1).").arg(guidePath()));
    }
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("userGuideNote"));
    m_note->setWordWrap(true);
    m_note->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(m_note);
    layout->addWidget(buttons);
    resize(900, 760);
}

void UserGuideDialog::follow(const QUrl &url)
{
    m_note->hide();
    const QString scheme = url.scheme();
    if (scheme == QLatin1String("http") || scheme == QLatin1String("https") || scheme == QLatin1String("mailto")) {
        QDesktopServices::openUrl(url);
        return;
    }
    const QString page = url.path().section(QLatin1Char('/'), -1);
    if ((page.isEmpty() || page == QFileInfo(guidePath()).fileName()) && url.hasFragment()) {
        scrollToSection(url.fragment()); // a section of this guide
        return;
    }
    m_note->setText(tr("“%1” is part of the developer documentation, in the docs folder of Recollector's source "
                       "code; it is not included in the program.")
                        .arg(page));
    m_note->show();
}

void UserGuideDialog::scrollToSection(const QString &anchor)
{
    // Markdown headings carry no anchors in QTextDocument (nor, past a table, their heading
    // level): find the short line whose GitHub-style anchor (lower case, punctuation dropped,
    // spaces as dashes) is the one asked for.
    static const QRegularExpression kDropped(QStringLiteral("[^\\w\\- ]"));
    QTextDocument *document = m_browser->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.length() > 120) // a heading is a short line
            continue;
        QString slug = block.text().toLower();
        slug.remove(kDropped);
        slug.replace(QLatin1Char(' '), QLatin1Char('-'));
        if (slug == anchor) {
            const QRectF at = document->documentLayout()->blockBoundingRect(block);
            m_browser->verticalScrollBar()->setValue(int(at.top()));
            return;
        }
    }
}

} // namespace recollector::ui
