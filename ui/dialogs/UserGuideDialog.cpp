#include "dialogs/UserGuideDialog.h"


#include <QDialogButtonBox>
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
    m_browser->setOpenExternalLinks(true);
    m_browser->setSearchPaths({QStringLiteral(":/help")});
    QFile file(guidePath());
    if (file.open(QIODevice::ReadOnly)) {
        m_browser->document()->setBaseUrl(QUrl(QStringLiteral("qrc:/help/")));
        m_browser->setMarkdown(QString::fromUtf8(file.readAll()));
    } else {
        m_browser->setPlainText(tr("The user guide is missing from this build (%1).").arg(guidePath()));
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(900, 760);
}

} // namespace recollector::ui
