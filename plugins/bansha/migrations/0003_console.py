from tortoise import fields, migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [('bansha', '0002_snapshot_index')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ConsoleLogin',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('nonce', fields.CharField(unique=True, max_length=40)),
                ('qq', fields.BigIntField()),
                ('issued', fields.FloatField()),
                ('used', fields.FloatField(null=True)),
            ],
            options={'table': 'bansha_console_login', 'app': 'bansha', 'pk_attr': 'id', 'table_description': 'A one-time 导演台 login link sent by /法官 控制台: spent (used) the first time it is opened.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ConsoleNote',
            fields=[
                ('game_id', fields.IntField(primary_key=True, unique=True, db_index=True)),
                ('text', fields.TextField(unique=False)),
                ('by', fields.BigIntField()),
                ('at', fields.FloatField()),
            ],
            options={'table': 'bansha_console_note', 'app': 'bansha', 'pk_attr': 'game_id', 'table_description': "The judges' private notes on one game: kept here, never sent anywhere."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Setting',
            fields=[
                ('key', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=64)),
                ('value', fields.TextField(unique=False)),
            ],
            options={'table': 'bansha_setting', 'app': 'bansha', 'pk_attr': 'key', 'table_description': "Server-side values kept across restarts (the 导演台's signing secret when .env sets none)."},
            bases=['Model'],
        ),
    ]
