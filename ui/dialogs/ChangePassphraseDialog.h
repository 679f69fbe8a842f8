#pragma once

#include <QByteArray>
#include <QDialog>

#include <functional>
#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;

namespace recollector::ui {

/// File → Change Passphrase… (docs/formats.md, "Encryption at rest"): the current passphrase
/// once, the new one twice (typed alike, and not the current one). The texts are never shown
/// and are handed over as UTF-8 bytes; the caller wipes them. GUI tests either drive the
/// dialog (object names currentPassphraseEdit, newPassphraseEdit, newPassphraseRepeatEdit)
/// or install a handler.
class ChangePassphraseDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChangePassphraseDialog)

public:
    struct Answer
    {
        QByteArray current;
        QByteArray next;
    };
    using Handler = std::function<std::optional<Answer>()>;

    explicit ChangePassphraseDialog(const QString &storeName, QWidget *parent = nullptr);
    ~ChangePassphraseDialog() override;

    Answer answer() const;
    /// The dialog (or the installed handler); nullopt = cancelled.
    static std::optional<Answer> ask(QWidget *parent, const QString &storeName);
    static void setHandler(Handler handler);

private:
    void updateState();
    static Handler &handler();

    QLineEdit *m_current = nullptr;
    QLineEdit *m_next = nullptr;
    QLineEdit *m_repeat = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_ok = nullptr;
};

} // namespace recollector::ui
