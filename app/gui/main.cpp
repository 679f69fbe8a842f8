// engram: the desktop window. Wiring only; everything shown comes from engram_ui / engram_core.
#include <QApplication>
#include <QLabel>
#include <QMainWindow>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Engram"));
    QApplication::setApplicationName(QStringLiteral("Engram"));
    QMainWindow window;
    window.setWindowTitle(QStringLiteral("Engram"));
    window.setCentralWidget(new QLabel(QStringLiteral("Engram")));
    window.resize(1280, 800);
    window.show();
    return app.exec();
}
