"""Delivery trouble: undelivered messages held or retried, and the alerts that told the judges (service/outbox.py)."""

from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [('bansha', '0005_accounts_and_record')]

    initial = False

    operations = [
        ops.CreateModel(
            name='DeliveryAlert',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('bansha.GameRow', source_field='game_id', db_constraint=True, to_field='id', related_name='alerts', on_delete=OnDelete.CASCADE)),
                ('kind', fields.CharField(max_length=16)),
                ('target', fields.BigIntField()),
                ('since', fields.FloatField()),
                ('cleared', fields.FloatField(null=True)),
            ],
            options={'table': 'bansha_delivery_alert', 'app': 'bansha', 'unique_together': (('game', 'kind', 'target'),), 'pk_attr': 'id', 'table_description': "A chat of a game that the bot could not deliver to (a seat's PMs, the group): the judges are told once"},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='OutboxRow',
            name='failed_at',
            field=fields.FloatField(null=True),
        ),
        ops.AddField(
            model_name='OutboxRow',
            name='held',
            field=fields.BooleanField(default=False, db_default=False),
        ),
        ops.AddField(
            model_name='OutboxRow',
            name='timeouts',
            field=fields.IntField(default=0, db_default=0),
        ),
        ops.AddField(
            model_name='OutboxRow',
            name='uncertain',
            field=fields.BooleanField(default=False, db_default=False),
        ),
    ]
