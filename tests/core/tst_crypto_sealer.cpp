// core/crypto: the store key and the sealing of level-3 text (docs/formats.md, "Encryption
// at rest"). Real libsodium, no mocks.
#include "crypto/KdfParams.h"
#include "crypto/Sealer.h"
#include "crypto/StoreKey.h"

#include <QtTest>

using namespace recollector::core;
using namespace recollector::core::crypto;

class TestCryptoSealer : public QObject
{
    Q_OBJECT

private:
    static std::unique_ptr<StoreKey> key(const QByteArray &passphrase, const QByteArray &salt)
    {
        auto k = StoreKey::derive(passphrase, salt, KdfParams::interactive());
        if (!k)
            qFatal("derive: %s", qPrintable(k.error().message));
        return std::move(*k);
    }
    QByteArray m_salt = QByteArray(16, 'S');

private slots:
    void roundTripGivesTheTextBackExactly()
    {
        const auto k = key("correct horse", m_salt);
        const QByteArray plain = QStringLiteral("I take 20 mg of x — 秘密 <b>\n").toUtf8();
        const QString sealed = Sealer::seal(*k, plain, "mem_A");
        QVERIFY(Sealer::isSealed(sealed));
        QVERIFY(!sealed.contains(QLatin1String("20 mg")));
        const auto opened = Sealer::open(*k, sealed, "mem_A", QStringLiteral("memory mem_A"));
        QVERIFY2(opened.ok(), qPrintable(opened ? QString() : opened.error().message));
        QCOMPARE(*opened, plain);
        // An empty text seals and opens too.
        const auto empty = Sealer::open(*k, Sealer::seal(*k, {}, "mem_A"), "mem_A", QStringLiteral("x"));
        QVERIFY(empty.ok());
        QVERIFY(empty->isEmpty());
    }

    void everySealDrawsAFreshNonce()
    {
        const auto k = key("correct horse", m_salt);
        const QString a = Sealer::seal(*k, "same text", "mem_A");
        const QString b = Sealer::seal(*k, "same text", "mem_A");
        QVERIFY(a != b);
        const QByteArray na = QByteArray::fromBase64(a.mid(5).toLatin1()).left(24);
        const QByteArray nb = QByteArray::fromBase64(b.mid(5).toLatin1()).left(24);
        QVERIFY(na != nb);
    }

    void theSameSaltAndPassphraseGiveTheSameKey()
    {
        const auto k1 = key("correct horse", m_salt);
        const auto k2 = key("correct horse", m_salt);
        QCOMPARE(QByteArray(reinterpret_cast<const char *>(k1->bytes()), 32),
                 QByteArray(reinterpret_cast<const char *>(k2->bytes()), 32));
        const auto k3 = key("correct horse", QByteArray(16, 'T'));
        QVERIFY(QByteArray(reinterpret_cast<const char *>(k1->bytes()), 32)
                != QByteArray(reinterpret_cast<const char *>(k3->bytes()), 32));
    }

    void wrongKeyIsAClearError()
    {
        const auto k = key("correct horse", m_salt);
        const auto wrong = key("battery staple", m_salt);
        const QString sealed = Sealer::seal(*k, "secret", "mem_A");
        const auto opened = Sealer::open(*wrong, sealed, "mem_A", QStringLiteral("memory mem_A"));
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error().code, Error::Code::Validation);
        QVERIFY(opened.error().message.startsWith(QLatin1String("memory mem_A does not open")));
    }

    void oneFlippedByteIsAClearError_data()
    {
        QTest::addColumn<int>("byte");
        QTest::newRow("nonce") << 3;
        QTest::newRow("ciphertext") << 24 + 2;
        QTest::newRow("tag") << 24 + 6 + 15;
    }
    void oneFlippedByteIsAClearError()
    {
        QFETCH(int, byte);
        const auto k = key("correct horse", m_salt);
        const QString sealed = Sealer::seal(*k, "secret", "mem_A");
        QByteArray raw = QByteArray::fromBase64(sealed.mid(5).toLatin1());
        QVERIFY(byte < raw.size());
        raw[byte] = char(raw[byte] ^ 0x01);
        const QString tampered = Sealer::kPrefix + QString::fromLatin1(raw.toBase64());
        const auto opened = Sealer::open(*k, tampered, "mem_A", QStringLiteral("memory mem_A"));
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error().code, Error::Code::Validation);
    }

    void ciphertextMovedToAnotherIdDoesNotOpen()
    {
        const auto k = key("correct horse", m_salt);
        const QString sealed = Sealer::seal(*k, "secret", "mem_A");
        const auto opened = Sealer::open(*k, sealed, "mem_B", QStringLiteral("memory mem_B"));
        QVERIFY(!opened.ok());
        QVERIFY(opened.error().message.contains(QLatin1String("belongs to another memory")));
    }

    void damagedEnvelopeIsAParseError()
    {
        const auto k = key("correct horse", m_salt);
        for (const QString &bad : {QStringLiteral("plain"), QStringLiteral("enc1:!!!"), QStringLiteral("enc1:AAAA")}) {
            const auto opened = Sealer::open(*k, bad, "mem_A", QStringLiteral("memory mem_A"));
            QVERIFY(!opened.ok());
            QCOMPARE(opened.error().code, Error::Code::Parse);
        }
    }

    void badInputsToTheKeyAreRefused()
    {
        QVERIFY(!StoreKey::derive({}, m_salt, KdfParams::interactive()).ok());
        QVERIFY(!StoreKey::derive("x", QByteArray(5, 'a'), KdfParams::interactive()).ok());
        QCOMPARE(StoreKey::newSalt().size(), 16);
        QVERIFY(StoreKey::newSalt() != StoreKey::newSalt());
    }

    void kdfParamsRoundTripAndRefuseNonsense()
    {
        for (const KdfParams &p : {KdfParams::moderate(), KdfParams::interactive()}) {
            const auto back = KdfParams::fromText(p.toText());
            QVERIFY(back.ok());
            QCOMPARE(*back, p);
        }
        for (const QString &bad : {QStringLiteral(""), QStringLiteral("scrypt;ops=2;mem=67108864"),
                                   QStringLiteral("argon2id13;ops=0;mem=67108864"),
                                   QStringLiteral("argon2id13;ops=2;mem=99999999999999")})
            QVERIFY(!KdfParams::fromText(bad).ok());
    }

    void passphraseBuffersAreWiped()
    {
        QByteArray secret("hunter2");
        const char *data = secret.constData();
        Q_UNUSED(data);
        wipe(secret);
        QVERIFY(secret.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCryptoSealer)
#include "tst_crypto_sealer.moc"
